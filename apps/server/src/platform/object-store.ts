// An S3-compatible bucket (S3_URL), through the AWS SDK's S3 client (@aws-sdk/client-s3, the
// field's standard; it signs with SigV4 and speaks to AWS, MinIO, R2 and Backblaze alike), path-style
// addressed. Keys are the caller's, under the URL's prefix. A bucket that does not answer, or
// answers with a failure, throws BucketUnavailableError (the caller answers 503); the secret is
// never in a message or a log line, only the access key id, the endpoint and the bucket.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BucketConfig } from '../config.js';

/** A request that has not connected in this long fails (then it is tried once more). */
const CONNECT_TIMEOUT_MS = 5_000;
/** A request without an answer in this long fails: a 20 MB file over a slow link still fits. */
const REQUEST_TIMEOUT_MS = 60_000;

export class BucketUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`The bucket did not answer: ${reason}`);
  }
}

/** A missing object: the row outlived its file (not an outage, so not retried). */
export class ObjectMissingError extends Error {}

export interface ObjectStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Deleting an object that is not there succeeds, as S3's DeleteObject does. */
  remove(key: string): Promise<void>;
  /** Whether the bucket is there and these credentials may use it; throws BucketUnavailableError. */
  check(): Promise<void>;
  close(): void;
}

/** Why a request to the bucket failed, in words: its S3 code and status, or the socket's code. */
export function bucketFailure(err: unknown): string {
  const e = err as {
    name?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
    message?: string;
  };
  const status = e.$metadata?.httpStatusCode;
  if (status === 403) return 'access denied (check the access key id and secret)';
  if (status === 404) return 'no such bucket';
  if (status) return `${e.name ?? 'error'} (HTTP ${status})`;
  return e.code ?? e.name ?? String(e.message ?? err);
}

export function s3ObjectStore(bucket: BucketConfig): ObjectStore {
  // The SDK warns once, on stderr, that its releases after January 2027 need Node 22: the app runs
  // on Node 20.19 and up with the release package.json pins (~), and a start-up's refusal is one line.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint: bucket.endpoint,
    region: bucket.region,
    forcePathStyle: true,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's newer
    // default (CRC32 trailers), and the files are authenticated by their own AES-GCM tag.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = bucket.bucket;
  const Key = (key: string) => `${bucket.prefix}${key}`;
  const send = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof NoSuchKey) throw new ObjectMissingError(`No object ${Key('')}…`);
      throw new BucketUnavailableError(bucketFailure(err));
    }
  };
  return {
    put: (key, bytes) =>
      send(async () => {
        await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes }));
      }),
    get: (key) =>
      send(async () => {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      }),
    remove: (key) =>
      send(async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
      }),
    check: () =>
      send(async () => {
        await client.send(new HeadBucketCommand({ Bucket }));
      }),
    close: () => client.destroy(),
  };
}
