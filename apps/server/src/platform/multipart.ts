// Multipart forms (a PDF upload, an email with an attachment): text fields and at most one file,
// read into memory within a size limit. Every problem answers a clear {detail}: 415 when the request
// is not multipart, 413 when something is too large, 422 when the form is not the expected one or
// a field or file name holds text a database cannot store (platform/request-text.ts).
import multipart from '@fastify/multipart';
import { DETAIL } from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from './deps.js';
import { HttpError } from './errors.js';
import { unstorableText } from './request-text.js';

export interface FormFile {
  /** The name the client gave the file, '' when none. */
  filename: string;
  mimetype: string;
  content: Buffer;
}

export interface Form {
  fields: Record<string, string>;
  file: FormFile | null;
}

export interface FormOptions {
  /** The one field that may carry a file. */
  fileField: string;
  maxFileBytes: number;
  /** The 413 detail when the file is larger than maxFileBytes. */
  fileTooLarge: string;
}

const MAX_FIELDS = 20;
/** Enough for an email body of EMAIL_BODY_MAX characters in any script. */
const MAX_FIELD_BYTES = 100 * 1024;

/** Registers multipart parsing in a route plugin (each plugin that takes forms registers it once). */
export async function registerMultipart(app: AppInstance): Promise<void> {
  await app.register(multipart);
}

/** The parser's own failures, as the status and text the user sees. */
const PARSER_ERRORS: Record<string, [number, string]> = {
  FST_FILES_LIMIT: [422, DETAIL.oneFileOnly],
  FST_FIELDS_LIMIT: [413, DETAIL.tooManyFormFields],
  FST_PARTS_LIMIT: [413, DETAIL.tooManyFormParts],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, DETAIL.multipartOnly],
};

export async function readForm(req: FastifyRequest, options: FormOptions): Promise<Form> {
  if (!req.isMultipart()) throw new HttpError(415, DETAIL.multipartOnly);
  const form: Form = { fields: {}, file: null };
  try {
    const parts = req.parts({
      limits: {
        fileSize: options.maxFileBytes,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        // Read it even when refused, so the parser moves on and the error below is the one answered.
        const content = await part.toBuffer();
        if (part.fieldname !== options.fileField)
          throw new HttpError(422, DETAIL.unexpectedFile(part.fieldname, options.fileField));
        // A browser posts a file input left empty as a part with no name and no bytes: no file.
        if (!part.filename && content.length === 0) continue;
        const badName = unstorableText(() => `form.${part.fieldname} file name`, part.filename ?? '');
        if (badName) throw badName;
        form.file = { filename: part.filename ?? '', mimetype: part.mimetype, content };
      } else {
        if (part.valueTruncated) throw new HttpError(413, DETAIL.formFieldTooLarge(part.fieldname));
        if (Object.hasOwn(form.fields, part.fieldname))
          throw new HttpError(422, DETAIL.formFieldRepeated(part.fieldname));
        const value = String(part.value);
        const badValue = unstorableText(() => `form.${part.fieldname}`, value);
        if (badValue) throw badValue;
        form.fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    throw formError(err, options);
  }
  return form;
}

function formError(err: unknown, options: FormOptions): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, options.fileTooLarge);
  const known = PARSER_ERRORS[code];
  if (known) return new HttpError(...known);
  // Anything else is busboy refusing the bytes (no boundary, a part cut short, a bad header).
  return new HttpError(400, DETAIL.malformedMultipart);
}
