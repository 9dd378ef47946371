// An S3-compatible bucket server on loopback, path-style (`/bucket/key`): HeadBucket, PutObject,
// GetObject, HeadObject and DeleteObject, with S3's XML errors. Every request must be signed with
// AWS Signature V4 by the one access key it knows: the signature is computed again with the
// SDK's own signer (@smithy/signature-v4) over the request as it arrived, so a wrong secret is
// refused as AWS refuses it (403 SignatureDoesNotMatch), an unknown key id with 403
// InvalidAccessKeyId, and a body that is not what was signed with 400 XAmzContentSHA256Mismatch.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { type FakeServer, startFakeServer } from './http.js';

export interface FakeS3Request {
  method: string;
  /** The path as sent, e.g. `/knap-documents/documents/u1/d1`. */
  path: string;
  /** The S3 error code answered, or undefined for a success. */
  error?: string;
}

export interface FakeS3 extends FakeServer {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The objects, by `bucket/key`. */
  objects: Map<string, Buffer>;
  buckets: Set<string>;
  /** While true, every request answers 503 ServiceUnavailable (an outage) and nothing changes. */
  outage: boolean;
  requests: FakeS3Request[];
  /** S3_URL for `bucket` with this fake's credentials (the secret percent-encoded). */
  s3Url(bucket: string, options?: { secret?: string; prefix?: string }): string;
}

const xmlEscape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SigV4 Authorization header's parts: `AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...`. */
function authorizationOf(header: string | undefined) {
  const m = header?.match(
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/,
  );
  if (!m) return undefined;
  const [, keyId, day, region, signedHeaders, signature] = m as unknown as string[];
  return {
    keyId: keyId!,
    day: day!,
    region: region!,
    signedHeaders: signedHeaders!.split(';'),
    signature: signature!,
  };
}

/** `20261126T123456Z` as a Date. */
const amzDate = (v: string) =>
  new Date(
    `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}T${v.slice(9, 11)}:${v.slice(11, 13)}:${v.slice(13, 15)}Z`,
  );

export async function startFakeS3(
  options: { accessKeyId?: string; secretAccessKey?: string; region?: string; buckets?: string[] } = {},
): Promise<FakeS3> {
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKEKNAP';
  const secretAccessKey = options.secretAccessKey ?? 'fake/secret+key';
  const region = options.region ?? 'us-east-1';
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: { accessKeyId, secretAccessKey },
    sha256: Hash.bind(null, 'sha256'),
    // S3 signs the path as sent, not encoded twice.
    uriEscapePath: false,
  });

  const fake = {
    accessKeyId,
    secretAccessKey,
    region,
    objects: new Map<string, Buffer>(),
    buckets: new Set(options.buckets ?? ['knap-documents']),
    outage: false,
    requests: [] as FakeS3Request[],
  };

  const fail = (
    res: ServerResponse,
    record: FakeS3Request,
    status: number,
    code: string,
    message: string,
  ) => {
    record.error = code;
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>` +
        `<RequestId>fake-${fake.requests.length}</RequestId></Error>`,
    );
  };

  /** The request's SigV4 signature, checked again with the SDK's signer; an error code when wrong. */
  async function signatureProblem(
    req: IncomingMessage,
    raw: Buffer,
  ): Promise<[number, string, string] | undefined> {
    const auth = authorizationOf(req.headers.authorization);
    if (!auth) return [403, 'AccessDenied', 'Access Denied'];
    if (auth.keyId !== accessKeyId)
      return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
    const date = String(req.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(date) || date.slice(0, 8) !== auth.day || auth.region !== region)
      return [
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      ];
    const contentHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (contentHash !== 'UNSIGNED-PAYLOAD' && contentHash !== createHash('sha256').update(raw).digest('hex'))
      return [
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      ];
    const url = new URL(req.url ?? '/', 'http://fake');
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = v;
    const headers: Record<string, string> = {};
    for (const name of auth.signedHeaders) headers[name] = String(req.headers[name] ?? '');
    const signed = await signer.sign(
      new HttpRequest({
        method: req.method ?? 'GET',
        protocol: 'http:',
        hostname: String(req.headers.host ?? '').replace(/:\d+$/, ''),
        path: url.pathname,
        query,
        headers,
        body: raw,
      }),
      { signingDate: amzDate(date), signableHeaders: new Set(auth.signedHeaders) },
    );
    const expected = authorizationOf(signed.headers.authorization)?.signature ?? '';
    if (
      expected.length !== auth.signature.length ||
      !timingSafeEqual(Buffer.from(expected), Buffer.from(auth.signature))
    )
      return [
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      ];
    return undefined;
  }

  const server = await startFakeServer(async (req, res, _body, raw) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const record: FakeS3Request = { method: req.method ?? 'GET', path: url.pathname };
    fake.requests.push(record);
    if (fake.outage) return fail(res, record, 503, 'ServiceUnavailable', 'Please reduce your request rate.');
    const problem = await signatureProblem(req, raw);
    if (problem) return fail(res, record, ...problem);
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (!fake.buckets.has(bucket))
      return fail(res, record, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const id = `${bucket}/${key}`;
    if (!key) {
      if (req.method !== 'HEAD') return fail(res, record, 501, 'NotImplemented', 'Only HeadBucket is served');
      res.writeHead(200, { 'x-amz-bucket-region': region });
      return res.end();
    }
    switch (req.method) {
      case 'PUT': {
        fake.objects.set(id, raw);
        res.writeHead(200, { etag: `"${createHash('md5').update(raw).digest('hex')}"` });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = fake.objects.get(id);
        if (!object) return fail(res, record, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
        return res.end(req.method === 'GET' ? object : undefined);
      }
      case 'DELETE': {
        fake.objects.delete(id);
        res.writeHead(204);
        return res.end();
      }
      default:
        return fail(
          res,
          record,
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
    }
  });

  return Object.assign(fake, server, {
    s3Url(bucket: string, o: { secret?: string; prefix?: string } = {}) {
      const u = new URL(server.url);
      const secret = encodeURIComponent(o.secret ?? secretAccessKey);
      return `http://${encodeURIComponent(accessKeyId)}:${secret}@${u.host}/${bucket}${o.prefix ? `/${o.prefix}` : ''}?region=${region}`;
    },
  });
}
