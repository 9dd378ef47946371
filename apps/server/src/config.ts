// Environment -> typed config with the embedded defaults. A bad value stops the start with one
// line naming the variable.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  KNAP_NAMES,
  type KnapName,
  PLAN_TIERS,
  type PlanTier,
} from '@knap/contracts';
import { z } from 'zod';
import { privateFiles, writableDir } from './private-files.js';

/** Each plan as "name|price shown|credits per month". */
const PLAN_DEFAULTS: Record<PlanTier, string> = {
  free: 'Free|$0/month|20',
  tier_1: 'Starter|$29/month|300',
  tier_2: 'Professional|$79/month|1000',
  tier_3: 'Enterprise|$199/month|5000',
};
const planVar = (tier: PlanTier) => `PLAN_${tier.toUpperCase()}`;

function planEnv() {
  return Object.fromEntries(
    PLAN_TIERS.map((tier) => [
      planVar(tier),
      z
        .string()
        .regex(/^[^|]{1,40}\|[^|]{1,40}\|\d{1,7}$/, 'must be "name|price shown|credits per month"')
        .default(PLAN_DEFAULTS[tier])
        .describe(`The \`${tier}\` plan as \`name|price shown|credits per month\``),
    ]),
  );
}

export class ConfigError extends Error {}

/** OWASP's cost for scrypt password hashes: N = 2^17 (with r = 8, p = 1; modules/auth/password.ts). */
export const OWASP_SCRYPT_LOG_N = 17;

const port = z.coerce.number().int().min(0).max(65535);
const url = z.url();

/** OAuth providers: env prefix -> real endpoints (overridable, so tests point them at fakes). */
const OAUTH_DEFAULTS = {
  google: {
    prefix: 'GOOGLE',
    name: 'Google',
    enables: "'Continue with Google' and the Google connections (profile, calendar, Gmail, Drive)",
    auth: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    revoke: 'https://oauth2.googleapis.com/revoke',
    discovery: 'https://accounts.google.com/.well-known/openid-configuration',
    // Google's discovery document lists no prompt_values_supported; its documentation names these.
    promptValues: ['none', 'consent', 'select_account'],
    // Google's revoke endpoint reads the form and has no Basic support documented.
    revocationAuth: 'client_secret_post',
  },
  microsoft: {
    prefix: 'MICROSOFT',
    name: 'Microsoft',
    enables: "'Continue with Microsoft' and the Microsoft connections (profile, calendar, Outlook, OneDrive)",
    auth: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userinfo: 'https://graph.microsoft.com/oidc/userinfo',
    revoke: undefined,
    discovery: 'https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration',
    promptValues: ['login', 'none', 'consent', 'select_account'],
  },
  salesforce: {
    prefix: 'SALESFORCE',
    name: 'Salesforce',
    enables: 'the Salesforce connection',
    auth: 'https://login.salesforce.com/services/oauth2/authorize',
    token: 'https://login.salesforce.com/services/oauth2/token',
    userinfo: 'https://login.salesforce.com/services/oauth2/userinfo',
    revoke: 'https://login.salesforce.com/services/oauth2/revoke',
    revocationAuth: 'client_secret_post',
  },
  zoho: {
    prefix: 'ZOHO',
    name: 'Zoho',
    enables: 'the Zoho CRM connection',
    // A Zoho account lives in one of several data centres, each with its own accounts server.
    tokenNote:
      " A connection's token, userinfo and revoke requests go to the accounts server of its account's" +
      " data centre, which Zoho's callback names (`accounts-server`, e.g. `https://accounts.zoho.eu`, at" +
      " the same paths), when that is one of Zoho's own accounts servers over https or this URL's" +
      ' origin; any other is ignored. Sign-in always starts at `ZOHO_AUTH_URL`.',
    auth: 'https://accounts.zoho.com/oauth/v2/auth',
    token: 'https://accounts.zoho.com/oauth/v2/token',
    userinfo: 'https://accounts.zoho.com/oauth/user/info',
    revoke: 'https://accounts.zoho.com/oauth/v2/token/revoke',
    revocationAuth: 'client_secret_post',
  },
  dropbox: {
    prefix: 'DROPBOX',
    name: 'Dropbox',
    enables: 'the Dropbox connection',
    auth: 'https://www.dropbox.com/oauth2/authorize',
    token: 'https://api.dropboxapi.com/oauth2/token',
    userinfo: 'https://api.dropboxapi.com/2/users/get_current_account',
    revoke: 'https://api.dropboxapi.com/2/auth/token/revoke',
    // Not RFC 7009: an RPC authorized by the access token it revokes (and its refresh token with it).
    revocationAuth: 'bearer',
  },
  copper: {
    prefix: 'COPPER',
    name: 'Copper',
    enables: 'the Copper connection',
    auth: 'https://app.copper.com/oauth/authorize',
    token: 'https://app.copper.com/oauth/token',
    userinfo: 'https://api.copper.com/developer_api/v1/users/me',
    revoke: undefined,
  },
  wealthbox: {
    prefix: 'WEALTHBOX',
    name: 'Wealthbox',
    enables: 'the Wealthbox connection',
    auth: 'https://app.crmworkspace.com/oauth/authorize',
    token: 'https://app.crmworkspace.com/oauth/token',
    userinfo: 'https://api.crmworkspace.com/v1/me',
    revoke: undefined,
  },
} as const;
export type OAuthProviderId = keyof typeof OAUTH_DEFAULTS;

/**
 * A provider's discovery document, and the `prompt` values its documentation names: those describe
 * the provider's own document only, so a discovery URL pointed at another provider (one compatible
 * with it, or a test's) goes by what that document lists.
 */
const discoveryOf = (d: { discovery: string; promptValues: readonly string[] }, url: string | undefined) => ({
  discoveryUrl: url,
  ...(url === d.discovery ? { promptValues: d.promptValues } : {}),
});

/** REST API bases of connected services: config key -> env variable, real base URL, what it is. */
const API_DEFAULTS = {
  google: ['GOOGLE_API_URL', 'https://www.googleapis.com', 'Google APIs (Calendar, Gmail, Drive)'],
  microsoftGraph: [
    'MICROSOFT_GRAPH_URL',
    'https://graph.microsoft.com',
    'Microsoft Graph (calendar, Outlook, OneDrive)',
  ],
  wealthbox: ['WEALTHBOX_API_URL', 'https://api.crmworkspace.com', 'the Wealthbox API'],
  dropbox: ['DROPBOX_API_URL', 'https://api.dropboxapi.com', 'the Dropbox API'],
  dropboxContent: ['DROPBOX_CONTENT_URL', 'https://content.dropboxapi.com', "Dropbox's file content API"],
  zoho: [
    'ZOHO_API_URL',
    'https://www.zohoapis.com',
    "the Zoho CRM API, for connections whose token answer names none: a connection uses its account's" +
      " data centre's API domain (`api_domain`) when that is a `https://www.zohoapis.*` host or this URL's origin",
  ],
  copper: ['COPPER_API_URL', 'https://api.copper.com', 'the Copper API'],
} as const;
export type ApiId = keyof typeof API_DEFAULTS;
export const API_IDS = Object.keys(API_DEFAULTS) as ApiId[];
export const OAUTH_PROVIDER_IDS = Object.keys(OAUTH_DEFAULTS) as OAuthProviderId[];

function oauthEnv() {
  const entries: Record<string, z.ZodType> = {};
  for (const d of Object.values(OAUTH_DEFAULTS)) {
    entries[`${d.prefix}_CLIENT_ID`] = z
      .string()
      .optional()
      .describe(`${d.name} OAuth client id; with \`${d.prefix}_CLIENT_SECRET\` it enables ${d.enables}`);
    entries[`${d.prefix}_CLIENT_SECRET`] = z
      .string()
      .optional()
      .describe(`${d.name} OAuth client secret, with \`${d.prefix}_CLIENT_ID\``);
    entries[`${d.prefix}_AUTH_URL`] = url.default(d.auth).describe(`${d.name}'s authorization endpoint`);
    entries[`${d.prefix}_TOKEN_URL`] = url
      .default(d.token)
      .describe(`${d.name}'s token endpoint${'tokenNote' in d ? `.${d.tokenNote}` : ''}`);
    entries[`${d.prefix}_USERINFO_URL`] = url
      .default(d.userinfo)
      .describe(`${d.name}'s endpoint that says who the account is`);
    entries[`${d.prefix}_REVOKE_URL`] = d.revoke
      ? url.default(d.revoke).describe(`${d.name}'s token revocation endpoint, called on disconnect`)
      : url
          .optional()
          .describe(`${d.name}'s token revocation endpoint; unset, disconnecting only forgets the tokens`);
    if ('discovery' in d)
      entries[`${d.prefix}_DISCOVERY_URL`] = url
        .default(d.discovery)
        .describe(
          `${d.name}'s OpenID discovery document: once read, its endpoints, issuer (RFC 9207 and ID` +
            ' tokens checked against it) and `prompt` values are used for sign-in and connections' +
            ` (${d.name}'s documented \`prompt\` values apply to this default document only)`,
        );
  }
  return entries as Record<string, z.ZodType<string | undefined>>;
}

const DEFAULT_MODELS: Record<LlmConfig['provider'], string> = {
  demo: 'knap-demo',
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
  'openai-compatible': 'llama3.1',
};

/**
 * The environment the server reads. Each entry's `.describe()` is its meaning in
 * docs/configuration.md, which `config-doc.ts` writes from this schema.
 */
export const ZEnv = z.object({
  PORT: port.default(3000).describe('HTTP port (0 picks a free one)'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Interface to listen on (`0.0.0.0` in a container)'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe(
      'Directory of the SQLite file `knap.db` and the generated `secret.key`; made 0700 at every start,' +
        ' the database files and the secret 0600',
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .refine((v) => URL.canParse(v), 'must be a URL: postgres://user:password@host:port/database')
    .optional()
    .describe('`postgres://…` to use PostgreSQL. Unset: SQLite in `DATA_DIR/knap.db`'),
  DATABASE_CONNECT_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(0)
    .describe(
      'How long start-up waits for PostgreSQL to answer: it tries again 1 s, 2 s, 4 s … (at most 10 s)' +
        ' apart, printing one line per attempt, then gives up with one line. 0: gives up at the first' +
        ' failure. Each attempt waits 5 s at most; a missing database or a refused sign-in is not waited for',
    ),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase PostgreSQL schema name')
    .optional()
    .describe(
      "PostgreSQL schema for the tables, created if missing; also prefixes the BullMQ queue and the rate limits' Redis keys." +
        " Unset: the connection's search path",
    ),
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(10)
    .describe('PostgreSQL connections per server process; statements time out after 30 s'),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(10_000)
    .describe(
      'On SIGTERM or SIGINT the server takes no new connections, closes idle keep-alive ones, and gives' +
        ' requests, assistant replies and background jobs under way this long to finish; replies still' +
        ' being written then end (stored interrupted, retriable), and the server closes what is left and exits 0',
    ),
  SERVER_PROCESSES: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .describe(
      'Server processes on this instance (node:cluster), sharing its port: a process streams a few hundred' +
        ' replies at most, and uses one core. Above 1 needs DATABASE_URL and REDIS_URL, as several instances' +
        ' do; the first process migrates the database, then starts the others and passes SIGTERM on to them',
    ),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .describe(
      "With it, several server instances behave as one: pushes to users' sockets and Stop go through Redis" +
        ' pub/sub, background jobs run on BullMQ (each run once across all instances, retried with backoff)' +
        ' and rate limits count in Redis. Unset: in-process jobs and pushes, rate limits in the database',
    ),
  KNAP_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'At least 32 characters; signs access tokens and derives the key that encrypts secrets at rest' +
        ' (connection tokens). Set it when several servers share a database. Unset: generated once into' +
        ' `DATA_DIR/secret.key` (mode 0600)',
    ),
  PUBLIC_URL: url
    .optional()
    .describe(
      'The origin users reach; OAuth redirect URIs and mailed links are built from it, and `https://` turns on' +
        ' Secure, `SameSite=None`, partitioned refresh cookies. Unset: `http://localhost:$PORT`',
    ),
  WEB_DIST: z.string().optional().describe('The built web app to serve. Unset: `apps/web/dist`'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .describe(
      '`true` behind a reverse proxy, so client addresses (sign-in and sign-up limits) come from' +
        ' `X-Forwarded-For`; without a proxy that header could be forged',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('`fatal` … `trace`, or `silent`'),
  SCRYPT_LOG_N: z.coerce
    .number()
    .int()
    .min(OWASP_SCRYPT_LOG_N)
    .max(20)
    .default(OWASP_SCRYPT_LOG_N)
    .describe(
      `Password hashes use scrypt N = 2^this, r = 8, p = 1 (${OWASP_SCRYPT_LOG_N}, OWASP's figure, to 20);` +
        ' each step doubles the time (about 0.45 s at 17) and the memory (128 MiB at 17). A' +
        " user's older, cheaper hash is replaced at their next sign-in",
    ),
  ...oauthEnv(),
  ...Object.fromEntries(
    Object.values(API_DEFAULTS).map(([name, base, what]) => [
      name,
      url.default(base).describe(`Base URL of ${what}`),
    ]),
  ),
  SEVANTA_CLIENT_ID: z
    .string()
    .optional()
    .describe(
      'Sevanta OAuth client id; with `SEVANTA_CLIENT_SECRET` it enables the Sevanta (deal flow) connection',
    ),
  SEVANTA_CLIENT_SECRET: z
    .string()
    .optional()
    .describe('Sevanta OAuth client secret, with `SEVANTA_CLIENT_ID`'),
  SEVANTA_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]*\{system_code\}[^\s]*$/, 'must be an http(s) URL containing {system_code}')
    .default('https://{system_code}.sevanta.com')
    .describe(
      "Where a firm's Sevanta system lives, `{system_code}` filled in: OAuth at `/oauth/authorize`," +
        ' `/oauth/token` and `/oauth/revoke`, the API at `/api/v1`',
    ),
  MCP_ALLOWED_HOSTS: z
    .string()
    .optional()
    .describe(
      'Comma-separated `host` or `host:port` of self-hosted MCP servers that may be on private addresses' +
        ' (their DNS answers are not checked). Unset: every private address is refused',
    ),
  LLM_PROVIDER: z
    .enum(['demo', 'openai', 'anthropic', 'openai-compatible'])
    .default('demo')
    .describe(
      '`openai`, `anthropic`, `openai-compatible` (Ollama, vLLM, LM Studio, llama.cpp server) or the' +
        ' built-in offline `demo` model',
    ),
  LLM_MODEL: z
    .string()
    .min(1)
    .optional()
    .describe(
      `Model name. Unset: ${Object.entries(DEFAULT_MODELS)
        .filter(([provider]) => provider !== 'demo')
        .map(([provider, model]) => `\`${model}\` (${provider})`)
        .join(', ')}`,
    ),
  LLM_API_KEY: z.string().min(1).optional().describe('API key; required for `openai` and `anthropic`'),
  LLM_BASE_URL: url
    .optional()
    .describe(
      "Required for `openai-compatible` (e.g. `http://localhost:11434/v1`); overrides the others' endpoint",
    ),
  LLM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(60_000)
    .describe(
      'A reply silent this long is abandoned and marked failed (a reply whose server died is marked' +
        ' interrupted by the reply leases, within 10 s)',
    ),
  LLM_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(2)
    .describe('Retries, with backoff, of a provider call that failed before streaming'),
  LLM_IMAGES: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'Whether the model takes images (attached images, and the pages of scanned PDFs). Unset: yes for' +
        ' `openai` and `anthropic`, no for `openai-compatible` (many local models read text only)',
    ),
  SHED_EVENT_LOOP_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(1000)
    .describe(
      'Load shedding: while the event loop lags more than this (its mean over each half second), new completions' +
        ' answer 503 with `Retry-After: 5`; replies under way, Stop and everything else go on. 0: off',
    ),
  SHED_EVENT_LOOP_UTILIZATION: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe(
      'Load shedding by how busy the event loop is: while its utilization (the share of each half second' +
        ' it spent working) is above this, new completions answer 503 with `Retry-After: 5`, so the' +
        ' replies under way and the health check keep a loop that answers. 0: off',
    ),
  CREDITS_PER_COMPLETION: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(1)
    .describe(
      'Credits charged per finished reply and per other piece of model work a user asks for (a draft, a' +
        ' knap step, transcript notes); tools add their own cost (sending email: 1)',
    ),
  PDF_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'Worker threads that render PDFs, off the event loop; they start with the first PDF and an idle one' +
        ' exits after 10 minutes. Unset: the number of cores − 1, at least 1 (one core stays with requests)',
    ),
  PDF_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(16)
    .describe('PDFs that may wait for a worker; beyond that a PDF request answers 503 with `Retry-After: 5`'),
  DOCUMENT_MAX_MB: z.coerce
    .number()
    .positive()
    .max(500)
    .default(20)
    .describe(
      'Largest file a user may attach in the chat, in MB (PDF, DOCX, XLSX, CSV, text, images); larger answers 413',
    ),
  DOCUMENT_MAX_IMAGE_PIXELS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .default(40_000_000)
    .describe(
      'Largest attached image, in pixels (width × height, read from its header before anything decodes' +
        ' it); larger answers 413. The default takes any phone photo or screenshot; redrawing one for the' +
        ' model takes 4 bytes a pixel (160 MB at the default)',
    ),
  DOCUMENT_SCAN_PAGES: z.coerce
    .number()
    .int()
    .min(0)
    .max(20)
    .default(5)
    .describe(
      'Pages of a scanned PDF (one without a text layer) drawn as images for a model that takes images,' +
        ' from the first; 0: none (the model is told the PDF has no text layer)',
    ),
  DOCUMENT_KINDS: z
    .string()
    .default(DOCUMENT_KINDS.join(','))
    .transform((v, ctx) => {
      const kinds = v
        .split(',')
        .map((k) => k.trim().toLowerCase())
        .filter(Boolean);
      const unknown = kinds.filter((k) => !(DOCUMENT_KINDS as readonly string[]).includes(k));
      if (unknown.length || kinds.length === 0)
        ctx.addIssue({ code: 'custom', message: `must list some of ${DOCUMENT_KINDS.join(', ')}` });
      return kinds as DocumentKind[];
    })
    .describe(
      `Kinds of file users may attach, comma-separated, of \`${DOCUMENT_KINDS.join(',')}\` (the default: all)`,
    ),
  DOCUMENT_MAX_PAGES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(500)
    .describe('Pages of an attached PDF that may be read; a longer one is refused with 413'),
  DOCUMENT_MAX_CELLS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .default(200_000)
    .describe(
      'Cells of an attached spreadsheet (XLSX sheets or CSV) that may be read; more is refused with 413',
    ),
  DOCUMENT_MAX_UNPACKED_MB: z.coerce
    .number()
    .positive()
    .max(5000)
    .default(200)
    .describe(
      'What an attached DOCX or XLSX (a ZIP) may unpack to, and the text a document may hold, in MB; a' +
        ' file past it (a ZIP bomb) is refused with 413 before it is read',
    ),
  S3_URL: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const problem = v === undefined ? undefined : s3UrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe(
      "Keep attached documents' files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2," +
        ' Backblaze B2…) instead of `DATA_DIR`, as `https://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/prefix]' +
        '[?region=us-east-1]`, addressed path-style; the key id and secret percent-encoded (a `/` in a' +
        ' secret as `%2F`), the region `us-east-1` when not given. Files are encrypted by the server' +
        ' (AES-256-GCM) before upload: the bucket never holds plaintext. The bucket must exist; the' +
        ' server checks it at start and stops with one line naming S3_URL when it cannot use it.' +
        ' The secret is never logged. Unset: `DATA_DIR/documents`',
    ),
  DOCUMENT_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'Worker threads that read attached documents, off the event loop; they start with the first' +
        ' document. Unset: the number of cores − 1, at least 1',
    ),
  ...planEnv(),
  BILLING_PROVIDER: z
    .enum(['local', 'stripe'])
    .default('local')
    .describe('`local` (plan changes confirmed on an in-app checkout page; no payment taken) or `stripe`'),
  STRIPE_SECRET_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('Stripe secret key; required with `BILLING_PROVIDER=stripe`'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Stripe webhook signing secret (`whsec_…`); required with `BILLING_PROVIDER=stripe`. Point a webhook' +
        ' at `{PUBLIC_URL}/api/subscriptions/webhook` with `checkout.session.completed` and' +
        ' `customer.subscription.*`',
    ),
  STRIPE_PRICE_TIER_1: z
    .string()
    .min(1)
    .optional()
    .describe('Stripe recurring price id of `tier_1`; required with Stripe'),
  STRIPE_PRICE_TIER_2: z
    .string()
    .min(1)
    .optional()
    .describe('Stripe recurring price id of `tier_2`; required with Stripe'),
  STRIPE_PRICE_TIER_3: z
    .string()
    .min(1)
    .optional()
    .describe('Stripe recurring price id of `tier_3`; required with Stripe'),
  STRIPE_API_URL: url.default('https://api.stripe.com').describe("Stripe's API base"),
  OPERATOR_EMAILS: z
    .string()
    .optional()
    .describe(
      'Comma-separated platform operators: they change credits, grant and revoke knaps and decide knap' +
        ' requests, see and run background jobs, and export and verify the audit trail; only once their' +
        ' address is verified (a mailed link or an identity provider that vouches for it)',
    ),
  FIRST_PARTY_ORG: z
    .string()
    .optional()
    .describe('Organization whose members see technical error texts and get the account label `KNAP`'),
  ACCOUNT_LABELS: z
    .string()
    .regex(/^([^=,]+=[^=,]+)(,[^=,]+=[^=,]+)*$/, 'must be "Org name=LABEL" pairs separated by commas')
    .optional()
    .describe('`Org name=LABEL,Other org=LABEL` in priority order (SPEC §4); no match gives `all`'),
  KNAP_DEFAULTS: z
    .string()
    .refine(
      (v) => v === 'none' || v.split(',').every((n) => (KNAP_NAMES as readonly string[]).includes(n.trim())),
      `must be "none" or knap names separated by commas (${KNAP_NAMES.join(', ')})`,
    )
    .optional()
    .describe(
      `Comma-separated knaps (${KNAP_NAMES.map((n) => `\`${n}\``).join(', ')}) a user gets the first time` +
        ' their knaps are read, or `none`. Unset: all of them',
    ),
  WIDGET_ALLOWED_ORIGINS: z
    .string()
    .regex(
      /^https?:\/\/[^\s,/]+(,\s*https?:\/\/[^\s,/]+)*$/,
      'must be origins (scheme://host[:port]) separated by commas',
    )
    .optional()
    .describe(
      'Comma-separated origins of host pages that embed the widget: they may frame the app (CSP' +
        ' `frame-ancestors`) and their messages are accepted. Unset: no page may frame the app',
    ),
  SENTRY_DSN: z
    .string()
    .refine(
      (v) => URL.canParse(v) && /^https?:\/\/[^/@\s]+@[^/\s]+\/(?:[^\s?#]+\/)?\d+$/.test(v),
      'must be a Sentry DSN: https://<public key>@<host>/<project id>',
    )
    .optional()
    .describe(
      "Error reporting to Sentry or a self-hosted GlitchTip (the project's DSN): the server reports" +
        ' every 500, and the web app (told the DSN at run time, so one build' +
        ' serves every deployment) reports its errors with a session replay of 10 % of sessions and of' +
        ' every session with an error, all text masked and media blocked. No request bodies, cookies,' +
        ' headers, query strings or email addresses are sent; a user is an opaque id. The CSP allows the' +
        " DSN's origin in `connect-src`. Unset: nothing is loaded or sent",
    ),
  SENTRY_ENVIRONMENT: z
    .string()
    .min(1)
    .max(64)
    .default('production')
    .describe('The environment error reports are filed under, with `SENTRY_DSN`'),
  POSTHOG_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('PostHog project key: the server sends `chat_finish` events there. Unset: they are logged'),
  POSTHOG_HOST: url.default('https://us.i.posthog.com').describe('PostHog host'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps://')
    .optional()
    .describe(
      '`smtp://user:pass@host:587` or `smtps://…`: the mail the product sends itself (verification links,' +
        ' invitations) goes out through it. Unset: kept in the `system_outbox` table and written to the' +
        ' server log, so the embedded default works offline',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(320)
    .optional()
    .describe("Sender of that mail. Unset: `Knap Studio <no-reply@{PUBLIC_URL's host}>`"),
  RATE_LIMIT_MODEL_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(30)
    .describe(
      'Model work per user per minute (replies, drafts, knap steps, transcript notes); past it, 429 with' +
        ' `Retry-After`. Counted in Redis with `REDIS_URL`, else in the database, so every instance sees it',
    ),
  RATE_LIMIT_PDF_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(10)
    .describe('PDFs rendered per user per minute, counted the same way'),
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(20)
    .describe('Accounts created from one address per hour'),
  MEETING_BOT_API_URL: url
    .optional()
    .describe(
      'A Recall.ai-style bot API (e.g. `https://us-west-2.recall.ai`); the three `MEETING_BOT_API_URL`,' +
        ' `_API_KEY` and `_WEBHOOK_SECRET` are set together or not at all. Point its status webhooks at' +
        ' `{PUBLIC_URL}/api/meeting-bot/webhook`. Unset: the built-in bot simulator',
    ),
  MEETING_BOT_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe("The bot API's key, sent as `Authorization: Token …`"),
  MEETING_BOT_WEBHOOK_SECRET: z
    .string()
    .min(8, 'must be at least 8 characters')
    .optional()
    .describe("The bot API's webhook signing secret (`whsec_…`)"),
  MEETING_BOT_NAME: z
    .string()
    .min(1)
    .max(100)
    .default('Knap Notetaker')
    .describe('The name the bot joins meetings with'),
});

/** How a provider's revocation endpoint wants us to prove who we are. */
export type RevocationAuth =
  /** RFC 7009 §2.1 with HTTP Basic client credentials (RFC 6749 §2.3.1), the default of both RFCs. */
  | 'client_secret_basic'
  /** RFC 7009 with the client credentials in the form. */
  | 'client_secret_post'
  /** Dropbox's RPC: the access token to revoke is its own credential (no form). */
  | 'bearer';

export interface OAuthEndpoints {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  revokeUrl?: string | undefined;
  /** How the revocation endpoint authenticates us (default: RFC 7009's client_secret_basic). */
  revocationAuth?: RevocationAuth | undefined;
  /** The OpenID discovery document (sign-in reads `prompt_values_supported` and RFC 9207's flag). */
  discoveryUrl?: string | undefined;
  /** The `prompt` values the provider documents, for when its discovery document lists none. */
  promptValues?: readonly string[] | undefined;
}

/** An S3-compatible bucket, read from S3_URL (path-style addressing). */
export interface BucketConfig {
  /** The server's origin, e.g. `https://s3.us-east-1.amazonaws.com`. */
  endpoint: string;
  bucket: string;
  /** Prefixed to every key: empty, or ending in `/`. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Bucket names as S3 takes them: 3 to 63 lowercase letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_URL_FORM = 'must be https://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/prefix][?region=REGION]';

/** What is wrong with an S3_URL value, in words, or undefined when it reads as a bucket. */
function s3UrlProblem(value: string): string | undefined {
  const read = readS3Url(value);
  return typeof read === 'string' ? read : undefined;
}

/** S3_URL as a bucket, or what is wrong with it. */
function readS3Url(value: string): BucketConfig | string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return S3_URL_FORM;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return S3_URL_FORM;
  if (!u.username || !u.password) return `${S3_URL_FORM}: the access key id and secret are missing`;
  const [bucket = '', ...prefix] = u.pathname.split('/').filter(Boolean);
  if (!bucket) return `${S3_URL_FORM}: the bucket is missing`;
  if (!BUCKET_NAME.test(bucket)) return `${S3_URL_FORM}: "${bucket}" is not a bucket name`;
  const unknown = [...u.searchParams.keys()].find((k) => k !== 'region');
  if (unknown) return `${S3_URL_FORM}: "${unknown}" is not a setting of it`;
  const region = u.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return `${S3_URL_FORM}: "${region}" is not a region`;
  try {
    return {
      endpoint: u.origin,
      bucket,
      prefix: prefix.map((p) => `${p}/`).join(''),
      region,
      accessKeyId: decodeURIComponent(u.username),
      secretAccessKey: decodeURIComponent(u.password),
    };
  } catch {
    return `${S3_URL_FORM}: the access key id or secret is not percent-encoded`;
  }
}

/** S3_URL as it may be shown: without its secret (`https://AKID:***@host/bucket`). */
export function shownS3Url(value: string): string {
  try {
    const u = new URL(value);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unreadable URL)';
  }
}

/** What an attached document may be (issue 26); the composer states these. */
export interface DocumentLimits {
  maxBytes: number;
  kinds: DocumentKind[];
  maxPages: number;
  maxCells: number;
  /** What a ZIP (DOCX, XLSX) may unpack to, and the text one document may hold. */
  maxUnpackedBytes: number;
  /** The most pixels (width × height) an attached image may have. */
  maxImagePixels: number;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema for the tables (default: the connection's search path, normally public). */
  databaseSchema: string | undefined;
  databasePoolMax: number;
  /** How long start-up retries a PostgreSQL that does not answer (0: not at all). */
  databaseConnectWaitMs: number;
  /** On SIGTERM/SIGINT, how long requests and jobs under way may take before what is left is closed. */
  shutdownDrainMs: number;
  /** Processes of this instance behind its port (node:cluster); above 1 only with PostgreSQL and Redis. */
  serverProcesses: number;
  redisUrl: string | undefined;
  secret: string;
  publicUrl: string;
  webDist: string;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For (else it could be spoofed). */
  trustProxy: boolean;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /**
   * Passwords are hashed with scrypt N = 2^scryptLogN, r = 8, p = 1; a stored hash of a lower cost is
   * replaced on the user's next sign-in. Tests use 14, which is 9 times quicker.
   */
  scryptLogN: number;
  version: string;
  /** OAuth providers for connections; present only when their client id and secret are set. */
  oauthProviders: Partial<Record<OAuthProviderId, OAuthEndpoints>>;
  /**
   * The deal-flow CRM: each firm has its own system, so its OAuth endpoints and API live under
   * `urlTemplate` with the system code filled in. Present only when the client id and secret are set.
   */
  sevanta: { clientId: string; clientSecret: string; urlTemplate: string } | undefined;
  /** REST API bases of connected services (overridable, so tests point them at fakes). */
  apis: Record<ApiId, string>;
  /**
   * Origins also accepted where a provider's answer names where the user's token goes next, besides
   * the provider's own hosts over https and the configured endpoints' origins: a Zoho account's API
   * domain (`api_domain` of its token answer) and accounts server (`accounts-server` of its
   * callback), a Salesforce org's `instance_url`. Not read from the environment: tests name loopback
   * fakes here, standing in for other data centres and orgs.
   */
  testOrigins?: { zohoApi?: string[]; zohoAccounts?: string[]; salesforce?: string[] };
  /** Identity providers for sign-in (the Google and Microsoft entries of oauthProviders). */
  identityProviders: { google?: OAuthEndpoints; microsoft?: OAuthEndpoints };
  llm: LlmConfig;
  credits: { perCompletion: number };
  /** New completions are refused (503) while the event loop lags more than this, in ms; 0: never. */
  shedEventLoopDelayMs: number;
  /** ...or while it is busier than this share of each sample (0 to 1); 0: never. */
  shedEventLoopUtilization: number;
  /** PDF rendering: worker threads, and renders that may wait for one before a 503. */
  pdf: { workers: number; queueMax: number };
  /** Documents attached in the chat (issue 26): what may be read, and the threads that read them. */
  documents: DocumentLimits & {
    workers: number;
    /** Pages of a scanned PDF drawn as images for a model that takes images (0: none). */
    scanPages: number;
    /** Where the files go: this bucket with S3_URL, else `DATA_DIR/documents`. */
    bucket?: BucketConfig | undefined;
  };
  billing: BillingConfig;
  analytics: { posthogKey: string | undefined; posthogHost: string };
  /** Error reports (server and web) go to this Sentry-compatible DSN; unset, none are sent. */
  errorReporting: { dsn: string; environment: string } | undefined;
  /** host or host:port of self-hosted MCP servers allowed on private addresses. */
  mcpAllowedHosts: string[];
  /**
   * host or host:port of profile images allowed on private addresses. Not read from the environment:
   * a user's image is on their identity provider's CDN; tests name a loopback image server here.
   */
  profileImageAllowedHosts?: string[];
  /**
   * Platform operators (whole instance): may adjust any user's credits. Only with a verified
   * email (a mailed link or an identity provider's say) on this list.
   */
  operatorEmails: string[];
  /**
   * The mail the product sends itself (verification links, invitations): through `smtpUrl` when
   * set (nodemailer), else kept in the system outbox table and written to the log.
   */
  mail: { smtpUrl: string | undefined; from: string };
  /** Per user, across every instance (Redis when set, else the database). */
  rateLimits: { modelPerMinute: number; pdfPerMinute: number; registerPerHour: number };
  /** Organization that sees technical error texts and is labelled KNAP. */
  firstPartyOrg: string | undefined;
  /** Organization name -> account label, in priority order (SPEC §4). */
  accountLabels: Array<[org: string, label: string]>;
  /**
   * The meeting notetaker: a Recall.ai-style bot API when `api` is set, else the local simulator
   * (bots that "attend" on timers and hand back a sample transcript).
   */
  meetingBot: {
    api: { url: string; apiKey: string; webhookSecret: string } | undefined;
    botName: string;
  };
  /** Knaps a user gets the first time their knaps are read. */
  knapDefaults: KnapName[];
  /**
   * Host pages that may embed the widget: they may frame the app (CSP frame-ancestors) and their
   * messages (AUTH_SUCCESS) are accepted, answered to that origin only.
   */
  widgetAllowedOrigins: string[];
};

const serverRoot = path.resolve(import.meta.dirname, '..');

export interface PlanConfig {
  name: string;
  monthly_price_display: string;
  num_credits: number;
}
export type PaidPlan = Exclude<PlanTier, 'free'>;
export interface BillingConfig {
  /** 'local': plan changes confirmed in the app (the embedded default); 'stripe': Checkout and webhooks. */
  provider: 'local' | 'stripe';
  tiers: Record<PlanTier, PlanConfig>;
  stripe:
    | { secretKey: string; webhookSecret: string; prices: Record<PaidPlan, string>; apiUrl: string }
    | undefined;
}

function billingConfig(e: z.infer<typeof ZEnv>): BillingConfig {
  const raw = e as unknown as Record<string, string | undefined>;
  const tiers = Object.fromEntries(
    PLAN_TIERS.map((tier) => {
      const [name, price, credits] = raw[planVar(tier)]!.split('|');
      return [
        tier,
        { name: name!.trim(), monthly_price_display: price!.trim(), num_credits: Number(credits) },
      ];
    }),
  ) as Record<PlanTier, PlanConfig>;
  if (e.BILLING_PROVIDER === 'local') return { provider: 'local', tiers, stripe: undefined };
  const needed = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_TIER_1: e.STRIPE_PRICE_TIER_1,
    STRIPE_PRICE_TIER_2: e.STRIPE_PRICE_TIER_2,
    STRIPE_PRICE_TIER_3: e.STRIPE_PRICE_TIER_3,
  };
  const missing = Object.entries(needed).find(([, v]) => !v)?.[0];
  if (missing)
    throw new ConfigError(`Invalid configuration: ${missing} is required when BILLING_PROVIDER is stripe`);
  return {
    provider: 'stripe',
    tiers,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      prices: {
        tier_1: e.STRIPE_PRICE_TIER_1!,
        tier_2: e.STRIPE_PRICE_TIER_2!,
        tier_3: e.STRIPE_PRICE_TIER_3!,
      },
      apiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
    },
  };
}

export interface LlmConfig {
  provider: 'demo' | 'openai' | 'anthropic' | 'openai-compatible';
  model: string;
  apiKey: string | undefined;
  baseUrl: string | undefined;
  /** A reply that goes this long without a new token is abandoned. */
  timeoutMs: number;
  /** Retries of a provider call that failed before streaming (with backoff). */
  maxRetries: number;
  /**
   * Whether the model is given images (attached images, scanned PDFs' pages). The demo model is
   * given attached images too, and names them: it cannot look at them.
   */
  images: boolean;
}

/** Reads the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got ${shownValue(name, env[name])})`,
    );
  }
  const e = parsed.data;
  if (e.LLM_PROVIDER === 'openai-compatible' && !e.LLM_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration: LLM_BASE_URL is required when LLM_PROVIDER is openai-compatible',
    );
  }
  if ((e.LLM_PROVIDER === 'openai' || e.LLM_PROVIDER === 'anthropic') && !e.LLM_API_KEY) {
    throw new ConfigError(
      `Invalid configuration: LLM_API_KEY is required when LLM_PROVIDER is ${e.LLM_PROVIDER}`,
    );
  }
  const botVars = [e.MEETING_BOT_API_URL, e.MEETING_BOT_API_KEY, e.MEETING_BOT_WEBHOOK_SECRET];
  if (botVars.some(Boolean) && !botVars.every(Boolean)) {
    // Half a configuration would book bots whose status webhooks could never be verified.
    throw new ConfigError(
      'Invalid configuration: MEETING_BOT_API_URL, MEETING_BOT_API_KEY and MEETING_BOT_WEBHOOK_SECRET must be set together',
    );
  }
  if (e.SERVER_PROCESSES > 1 && (!e.DATABASE_URL || !e.REDIS_URL)) {
    // Processes share what instances share: SQLite and in-process pushes and jobs are one process's.
    throw new ConfigError(
      `Invalid configuration: SERVER_PROCESSES=${e.SERVER_PROCESSES} needs DATABASE_URL and REDIS_URL`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // It holds the SQLite database and the generated secret: one that cannot stops the start here.
  if (!e.DATABASE_URL || !e.KNAP_SECRET) inDataDir(dataDir, () => writableDir(dataDir));
  const raw = e as unknown as Record<string, string | undefined>;
  const oauthProviders: Partial<Record<OAuthProviderId, OAuthEndpoints>> = {};
  for (const [id, d] of Object.entries(OAUTH_DEFAULTS) as Array<
    [OAuthProviderId, (typeof OAUTH_DEFAULTS)[OAuthProviderId]]
  >) {
    const clientId = raw[`${d.prefix}_CLIENT_ID`];
    const clientSecret = raw[`${d.prefix}_CLIENT_SECRET`];
    if (!clientId || !clientSecret) continue;
    oauthProviders[id] = {
      clientId,
      clientSecret,
      authorizeUrl: raw[`${d.prefix}_AUTH_URL`]!,
      tokenUrl: raw[`${d.prefix}_TOKEN_URL`]!,
      userinfoUrl: raw[`${d.prefix}_USERINFO_URL`]!,
      revokeUrl: raw[`${d.prefix}_REVOKE_URL`],
      ...('revocationAuth' in d ? { revocationAuth: d.revocationAuth } : {}),
      ...('discovery' in d ? discoveryOf(d, raw[`${d.prefix}_DISCOVERY_URL`]) : {}),
    };
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseConnectWaitMs: e.DATABASE_CONNECT_WAIT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    serverProcesses: e.SERVER_PROCESSES,
    redisUrl: e.REDIS_URL,
    secret: e.KNAP_SECRET ?? inDataDir(dataDir, () => readOrCreateSecret(dataDir)),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    scryptLogN: e.SCRYPT_LOG_N,
    version: readVersion(),
    oauthProviders,
    apis: Object.fromEntries(
      Object.entries(API_DEFAULTS).map(([id, [name]]) => [id, raw[name]!.replace(/\/$/, '')]),
    ) as Record<ApiId, string>,
    sevanta:
      e.SEVANTA_CLIENT_ID && e.SEVANTA_CLIENT_SECRET
        ? {
            clientId: e.SEVANTA_CLIENT_ID,
            clientSecret: e.SEVANTA_CLIENT_SECRET,
            urlTemplate: e.SEVANTA_URL.replace(/\/$/, ''),
          }
        : undefined,
    identityProviders: {
      ...(oauthProviders.google ? { google: oauthProviders.google } : {}),
      ...(oauthProviders.microsoft ? { microsoft: oauthProviders.microsoft } : {}),
    },
    llm: {
      provider: e.LLM_PROVIDER,
      model: e.LLM_MODEL ?? DEFAULT_MODELS[e.LLM_PROVIDER],
      apiKey: e.LLM_API_KEY,
      baseUrl: e.LLM_BASE_URL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      maxRetries: e.LLM_MAX_RETRIES,
      images: e.LLM_IMAGES ? e.LLM_IMAGES === 'true' : e.LLM_PROVIDER !== 'openai-compatible',
    },
    credits: { perCompletion: e.CREDITS_PER_COMPLETION },
    shedEventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
    shedEventLoopUtilization: e.SHED_EVENT_LOOP_UTILIZATION,
    // One core stays with the event loop: on 2 cores, one PDF worker.
    pdf: { workers: e.PDF_WORKERS ?? Math.max(1, availableParallelism() - 1), queueMax: e.PDF_QUEUE_MAX },
    documents: {
      maxBytes: Math.round(e.DOCUMENT_MAX_MB * 1024 * 1024),
      kinds: e.DOCUMENT_KINDS,
      maxPages: e.DOCUMENT_MAX_PAGES,
      maxCells: e.DOCUMENT_MAX_CELLS,
      maxUnpackedBytes: Math.round(e.DOCUMENT_MAX_UNPACKED_MB * 1024 * 1024),
      maxImagePixels: e.DOCUMENT_MAX_IMAGE_PIXELS,
      scanPages: e.DOCUMENT_SCAN_PAGES,
      workers: e.DOCUMENT_WORKERS ?? Math.max(1, availableParallelism() - 1),
      bucket: e.S3_URL ? (readS3Url(e.S3_URL) as BucketConfig) : undefined,
    },
    billing: billingConfig(e),
    widgetAllowedOrigins: (e.WIDGET_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => new URL(x).origin),
    analytics: { posthogKey: e.POSTHOG_KEY, posthogHost: e.POSTHOG_HOST },
    errorReporting: e.SENTRY_DSN ? { dsn: e.SENTRY_DSN, environment: e.SENTRY_ENVIRONMENT } : undefined,
    mcpAllowedHosts: (e.MCP_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
    operatorEmails: (e.OPERATOR_EMAILS ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Knap Studio <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    },
    rateLimits: {
      modelPerMinute: e.RATE_LIMIT_MODEL_PER_MINUTE,
      pdfPerMinute: e.RATE_LIMIT_PDF_PER_MINUTE,
      registerPerHour: e.RATE_LIMIT_REGISTER_PER_HOUR,
    },
    firstPartyOrg: e.FIRST_PARTY_ORG,
    accountLabels: (e.ACCOUNT_LABELS ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=').map((x) => x.trim()) as [string, string]),
    meetingBot: {
      api:
        e.MEETING_BOT_API_URL && e.MEETING_BOT_API_KEY && e.MEETING_BOT_WEBHOOK_SECRET
          ? {
              url: e.MEETING_BOT_API_URL.replace(/\/$/, ''),
              apiKey: e.MEETING_BOT_API_KEY,
              webhookSecret: e.MEETING_BOT_WEBHOOK_SECRET,
            }
          : undefined,
      botName: e.MEETING_BOT_NAME,
    },
    knapDefaults:
      e.KNAP_DEFAULTS === 'none'
        ? []
        : e.KNAP_DEFAULTS
          ? [...new Set(e.KNAP_DEFAULTS.split(',').map((n) => n.trim() as KnapName))]
          : [...KNAP_NAMES],
  };
}

/** The embedded default: a random secret written once into DATA_DIR, readable by the owner only. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) {
    // A file written before this rule, or copied in with another mode.
    privateFiles(file);
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // Another process wrote it first: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw e;
  }
  privateFiles(file);
  return secret;
}

/**
 * A value as a refusal may print it: never a secret's, and a URL without its password
 * (`postgres://user:***@host/db`).
 */
function shownValue(name: string, value: string | undefined): string {
  if (value !== undefined && /SECRET|_KEY$|PASSWORD/.test(name)) return '(hidden)';
  if (value !== undefined && name === 'S3_URL') return JSON.stringify(shownS3Url(value));
  return JSON.stringify(value?.replace(/(:\/\/[^:/@\s]*:)[^@\s]*@/, '$1***@'));
}

/** Why a file operation in the data directory failed, in words, with its code. */
const DATA_DIR_REASONS: Record<string, string> = {
  ENOTDIR: 'not a directory',
  ENOENT: 'no directory or file can be made there',
  EACCES: 'not writable',
  EPERM: 'not writable',
  EROFS: 'not writable (read-only file system)',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
};

/**
 * A failure of the data directory or a file in it as one line naming DATA_DIR, e.g.
 * `Cannot use DATA_DIR=/srv/data: not writable (EACCES)`; anything else is thrown as it is.
 */
export function dataDirError(dataDir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$|^SQLITE_/.test(code)) return error;
  const reason = DATA_DIR_REASONS[code] ?? (error as Error).message;
  return new ConfigError(`Cannot use DATA_DIR=${dataDir}: ${reason} (${code})`);
}

/** Runs `work` on the data directory, turning its file-system failures into dataDirError's line. */
export function inDataDir<T>(dataDir: string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    throw dataDirError(dataDir, e);
  }
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
