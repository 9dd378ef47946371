import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'knap-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults and writes a secret once, readable by the owner only', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.databaseUrl).toBeUndefined();
    expect(a.publicUrl).toBe('http://localhost:3000');
    expect(a.identityProviders).toEqual({});
    const file = path.join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(a.secret);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(a.secret);
  });

  it('makes the data directory 0700 and a secret written before with another mode 0600', () => {
    const dir = tmp();
    chmodSync(dir, 0o755);
    const file = path.join(dir, 'secret.key');
    writeFileSync(file, `${'s'.repeat(48)}\n`, { mode: 0o644 });
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe('s'.repeat(48));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const fresh = path.join(tmp(), 'nested', 'data');
    loadConfig({ DATA_DIR: fresh });
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with postgres/],
    [{ KNAP_SECRET: 'short' }, /^Invalid configuration: KNAP_SECRET must be at least 32 characters/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL /],
    [{ ACCOUNT_LABELS: 'nonsense' }, /^Invalid configuration: ACCOUNT_LABELS must be/],
    [{ SCRYPT_LOG_N: '14' }, /^Invalid configuration: SCRYPT_LOG_N /],
    [{ DATABASE_URL: 'postgres://u:pw@h:1:2/db' }, /^Invalid configuration: DATABASE_URL must be a URL: /],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, /^Invalid configuration: SHUTDOWN_DRAIN_MS /],
    [{ DATABASE_CONNECT_WAIT_MS: 'soon' }, /^Invalid configuration: DATABASE_CONNECT_WAIT_MS /],
    [{ SENTRY_DSN: 'https://sentry.example/1' }, /^Invalid configuration: SENTRY_DSN must be a Sentry DSN/],
    [{ SENTRY_DSN: 'https://key@sentry.example/project' }, /^Invalid configuration: SENTRY_DSN must be/],
    [{ S3_URL: 'not a url' }, /^Invalid configuration: S3_URL must be https:\/\/ACCESS_KEY_ID:SECRET@host/],
    [{ S3_URL: 'ftp://k:s@h/docs' }, /^Invalid configuration: S3_URL must be https:/],
    [
      { S3_URL: 'https://h/docs' },
      /^Invalid configuration: S3_URL .*: the access key id and secret are missing/,
    ],
    [{ S3_URL: 'https://k:s@h' }, /^Invalid configuration: S3_URL .*: the bucket is missing/],
    [{ S3_URL: 'https://k:s@h/Docs_1' }, /^Invalid configuration: S3_URL .*: "Docs_1" is not a bucket name/],
    [
      { S3_URL: 'https://k:s@h/docs?style=virtual' },
      /^Invalid configuration: S3_URL .*: "style" is not a setting/,
    ],
    [{ S3_URL: 'https://k:s%E0@h/docs' }, /^Invalid configuration: S3_URL .*: .* not percent-encoded/],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(message);
  });

  it('enables an identity provider only with both client id and secret, and parses labels', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      GOOGLE_CLIENT_ID: 'id',
      MICROSOFT_CLIENT_ID: 'id',
      MICROSOFT_CLIENT_SECRET: 'secret',
      ACCOUNT_LABELS: 'Acme Wealth=WAM, Model Advisors=Model FA',
    });
    expect(c.identityProviders.google).toBeUndefined();
    expect(c.identityProviders.microsoft?.clientId).toBe('id');
    expect(c.accountLabels).toEqual([
      ['Acme Wealth', 'WAM'],
      ['Model Advisors', 'Model FA'],
    ]);
  });

  it("takes a provider's documented prompt values only for its own discovery document", () => {
    const google = (env: Record<string, string> = {}) =>
      loadConfig({ DATA_DIR: tmp(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', ...env })
        .identityProviders.google;
    expect(google()?.promptValues).toContain('select_account');
    // Another OpenID provider (oidc-provider refuses select_account and lists no prompt values):
    // what its own document lists decides.
    const other = google({ GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:4020/.well-known/openid-configuration' });
    expect(other?.discoveryUrl).toBe('http://127.0.0.1:4020/.well-known/openid-configuration');
    expect(other?.promptValues).toBeUndefined();
  });
});

describe('S3_URL', () => {
  it('reads the endpoint, bucket, prefix, region and percent-encoded credentials', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      S3_URL: 'https://AKIA1:se%2Fcr%2Bet@s3.example.com:9000/knap-docs/staging/eu?region=eu-west-1',
    });
    expect(c.documents.bucket).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'knap-docs',
      prefix: 'staging/eu/',
      region: 'eu-west-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'se/cr+et',
    });
    expect(
      loadConfig({ DATA_DIR: tmp(), S3_URL: 'http://k:s@127.0.0.1:9000/docs' }).documents.bucket,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', prefix: '', region: 'us-east-1' });
    expect(loadConfig({ DATA_DIR: tmp() }).documents.bucket).toBeUndefined();
  });

  it('is refused without showing its secret', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_URL: 'https://AKIA1:s3cret-pw@h/Bad_Bucket' })).toThrow(
      /\(got "https:\/\/AKIA1:\*\*\*@h\/Bad_Bucket"\)$/,
    );
  });
});

describe('a refusal', () => {
  it('never shows a secret or a password', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), KNAP_SECRET: 'short-s3cret' })).toThrow(/\(got \(hidden\)\)$/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u:s3cret@h:1:2/db' })).toThrow(
      /\(got "postgres:\/\/u:\*\*\*@h:1:2\/db"\)$/,
    );
  });

  it('names DATA_DIR when it cannot hold the database and the secret', () => {
    const file = path.join(tmp(), 'a-file');
    writeFileSync(file, '');
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ DATA_DIR: file }, /^Cannot use DATA_DIR=\S+: not a directory \(ENOTDIR\)$/],
      [{ DATA_DIR: path.join(file, 'data') }, /^Cannot use DATA_DIR=\S+: not a directory \(ENOTDIR\)$/],
      // SQLite still needs the directory when the secret is given.
      [
        { DATA_DIR: '/proc/x', KNAP_SECRET: 'k'.repeat(32) },
        /^Cannot use DATA_DIR=\/proc\/x: .* \(ENOENT\)$/,
      ],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env)).toThrow(message);
    // With PostgreSQL and a secret nothing is kept there.
    expect(
      loadConfig({ DATA_DIR: '/proc/x', KNAP_SECRET: 'k'.repeat(32), DATABASE_URL: 'postgres://h/db' })
        .dataDir,
    ).toBe('/proc/x');
  });

  it('is a ConfigError', () => {
    expect(() => loadConfig({ DATA_DIR: '/proc/x' })).toThrow(ConfigError);
  });
});
