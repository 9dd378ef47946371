// Files of the user's connected Google Drive, OneDrive or Dropbox: find them by name or content, and
// read the text of one. All three answer in one small shape; binary files are refused, not guessed at.
import { CONNECTION_DETAIL, type IntegrationId } from '@knap/contracts';
import type { AppDeps } from '../../../platform/deps.js';
import { HttpError } from '../../../platform/errors.js';
import { providerApi } from './provider-api.js';
import { capText } from './text.js';

export interface FileSummary {
  id: string;
  name: string;
  mime_type: string;
  /** ISO date last modified, when the provider says. */
  modified: string | null;
  /** Bytes; null for Google Docs, which have no size of their own. */
  size: number | null;
  web_link: string | null;
}

export interface FileText {
  id: string;
  name: string;
  mime_type: string;
  /** The text, at most MAX_FILE_CHARS. */
  text: string;
  truncated: boolean;
}

/** A connected file store, as the assistant's file tools use it. */
export interface FileStore {
  type: IntegrationId;
  search(deps: AppDeps, userId: string, query: string, max: number): Promise<FileSummary[]>;
  read(deps: AppDeps, userId: string, id: string): Promise<FileText>;
}

/** The longest text handed to the model: a long contract fits, a data dump does not. */
export const MAX_FILE_CHARS = 50_000;

/** Types whose bytes are text the model can read as is. */
const TEXT_TYPE =
  /^(text\/|application\/(json|xml|csv|yaml|x-yaml|x-ndjson|javascript)$|application\/.+\+(json|xml)$)/;

/** Dropbox has no MIME types, and OneDrive sometimes answers octet-stream: the extension decides. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
};

const typeByName = (name: string) =>
  TYPE_BY_EXTENSION[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

const isText = (file: FileSummary) => TEXT_TYPE.test(file.mime_type) || TEXT_TYPE.test(typeByName(file.name));

/** A clear refusal the model can pass on, rather than binary noise in its context. */
function refuseUnlessText(file: FileSummary, alsoGoogleDocs = false) {
  if (!isText(file))
    throw new HttpError(415, CONNECTION_DETAIL.notText(file.name, file.mime_type, alsoGoogleDocs));
}

function asText(file: FileSummary, text: string): FileText {
  const capped = capText(text, MAX_FILE_CHARS);
  return { id: file.id, name: file.name, mime_type: file.mime_type, ...capped };
}

// --- Google Drive ------------------------------------------------------------------------------

const DRIVE: IntegrationId = 'google_drive_read';
const driveFiles = (deps: AppDeps) => `${deps.config.apis.google}/drive/v3/files`;
const DRIVE_FIELDS = 'id,name,mimeType,modifiedTime,size,webViewLink';
const GOOGLE_APPS = 'application/vnd.google-apps';
/** Docs Editors files have no bytes of their own: they are exported, as the closest text type. */
const EXPORT_AS: Record<string, string> = {
  [`${GOOGLE_APPS}.document`]: 'text/plain',
  [`${GOOGLE_APPS}.spreadsheet`]: 'text/csv',
  [`${GOOGLE_APPS}.presentation`]: 'text/plain',
};

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime?: string;
  /** int64, so Drive sends it as a string. */
  size?: string;
  webViewLink?: string;
}

const driveSummary = (f: DriveFile): FileSummary => ({
  id: f.id,
  name: f.name,
  mime_type: f.mimeType,
  modified: f.modifiedTime ?? null,
  size: f.size === undefined ? null : Number(f.size),
  web_link: f.webViewLink ?? null,
});

/** A string in a Drive query: backslashes, then single quotes, escaped with a backslash. */
const driveString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export const drive: FileStore = {
  type: DRIVE,
  async search(deps, userId, query, max) {
    const api = await providerApi(deps, userId, DRIVE);
    const term = driveString(query);
    const q = `(name contains ${term} or fullText contains ${term}) and trashed = false and mimeType != '${GOOGLE_APPS}.folder'`;
    const params = new URLSearchParams({ q, fields: `files(${DRIVE_FIELDS})`, pageSize: String(max) });
    const list = await api.call<{ files?: DriveFile[] }>({ url: `${driveFiles(deps)}?${params}` });
    return (list.files ?? []).map(driveSummary);
  },
  async read(deps, userId, id) {
    const api = await providerApi(deps, userId, DRIVE);
    const url = `${driveFiles(deps)}/${encodeURIComponent(id)}`;
    const file = driveSummary(
      await api.call<DriveFile>({
        url: `${url}?fields=${DRIVE_FIELDS}`,
        notFound: CONNECTION_DETAIL.fileNotFound,
      }),
    );
    const exportAs = EXPORT_AS[file.mime_type];
    if (!exportAs) refuseUnlessText(file, true);
    const text = await api.call<string>({
      url: exportAs ? `${url}/export?${new URLSearchParams({ mimeType: exportAs })}` : `${url}?alt=media`,
      text: true,
      notFound: CONNECTION_DETAIL.fileNotFound,
    });
    return asText(file, text);
  },
};

// --- OneDrive (Microsoft Graph) ----------------------------------------------------------------

const ONEDRIVE: IntegrationId = 'microsoft_onedrive_read';
const oneDriveBase = (deps: AppDeps) => `${deps.config.apis.microsoftGraph}/v1.0/me/drive`;
const ITEM_FIELDS = 'id,name,file,size,lastModifiedDateTime,webUrl';

interface DriveItem {
  id: string;
  name: string;
  size?: number;
  lastModifiedDateTime?: string;
  webUrl?: string;
  /** Present on files only (folders have `folder` instead). */
  file?: { mimeType?: string };
}

const oneDriveSummary = (item: DriveItem): FileSummary => ({
  id: item.id,
  name: item.name,
  mime_type: item.file?.mimeType ?? typeByName(item.name),
  modified: item.lastModifiedDateTime ?? null,
  size: item.size ?? null,
  web_link: item.webUrl ?? null,
});

/** An OData string literal in the path: single quotes doubled, the rest percent-encoded. */
const odataString = (value: string) => `'${encodeURIComponent(value.replace(/'/g, "''"))}'`;

export const oneDrive: FileStore = {
  type: ONEDRIVE,
  async search(deps, userId, query, max) {
    const api = await providerApi(deps, userId, ONEDRIVE);
    const page = await api.call<{ value?: DriveItem[] }>({
      url: `${oneDriveBase(deps)}/root/search(q=${odataString(query)})?$top=${max}&$select=${ITEM_FIELDS}`,
    });
    return (page.value ?? []).filter((item) => item.file).map(oneDriveSummary);
  },
  async read(deps, userId, id) {
    const api = await providerApi(deps, userId, ONEDRIVE);
    const url = `${oneDriveBase(deps)}/items/${encodeURIComponent(id)}`;
    const item = await api.call<DriveItem>({
      url: `${url}?$select=${ITEM_FIELDS}`,
      notFound: CONNECTION_DETAIL.fileNotFound,
    });
    const file = oneDriveSummary(item);
    if (!item.file) throw new HttpError(415, CONNECTION_DETAIL.isFolder(item.name));
    refuseUnlessText(file);
    // Graph answers with a redirect to a short-lived download URL, which fetch follows.
    return asText(
      file,
      await api.call<string>({ url: `${url}/content`, text: true, notFound: CONNECTION_DETAIL.fileNotFound }),
    );
  },
};

// --- Dropbox -----------------------------------------------------------------------------------

const DROPBOX: IntegrationId = 'dropbox';

interface DropboxMetadata {
  '.tag': 'file' | 'folder' | 'deleted';
  id: string;
  name: string;
  path_display?: string;
  server_modified?: string;
  size?: number;
}

const dropboxSummary = (m: DropboxMetadata): FileSummary => ({
  id: m.id,
  name: m.name,
  mime_type: typeByName(m.name),
  modified: m.server_modified ?? null,
  size: m.size ?? null,
  web_link: null,
});

/** Dropbox-API-Arg is an HTTP header, so its JSON must be ASCII: the rest is written as \uXXXX. */
const headerJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export const dropbox: FileStore = {
  type: DROPBOX,
  async search(deps, userId, query, max) {
    const api = await providerApi(deps, userId, DROPBOX);
    const answer = await api.call<{ matches?: Array<{ metadata?: { metadata?: DropboxMetadata } }> }>({
      url: `${deps.config.apis.dropbox}/2/files/search_v2`,
      method: 'POST',
      body: { query, options: { max_results: max, file_status: 'active' } },
    });
    return (answer.matches ?? [])
      .map((match) => match.metadata?.metadata)
      .filter((m): m is DropboxMetadata => m?.['.tag'] === 'file')
      .map(dropboxSummary);
  },
  async read(deps, userId, id) {
    const api = await providerApi(deps, userId, DROPBOX);
    const meta = await api.call<DropboxMetadata>({
      url: `${deps.config.apis.dropbox}/2/files/get_metadata`,
      method: 'POST',
      body: { path: id },
      // Dropbox answers a path that is not there with 409 path/not_found.
      notFoundStatuses: [409],
      notFound: CONNECTION_DETAIL.fileNotFound,
    });
    const file = dropboxSummary(meta);
    if (meta['.tag'] !== 'file') throw new HttpError(415, CONNECTION_DETAIL.isFolder(meta.name));
    refuseUnlessText(file);
    // Downloads go to the content host, with the argument in a header and no body.
    const text = await api.call<string>({
      url: `${deps.config.apis.dropboxContent}/2/files/download`,
      method: 'POST',
      headers: { 'Dropbox-API-Arg': headerJson({ path: id }) },
      text: true,
    });
    return asText(file, text);
  },
};
