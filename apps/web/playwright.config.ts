// End-to-end: the real server (built web app, temp data dir, free port) and Debian's Chromium.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT_VARS = [
  'E2E_PORT',
  'E2E_FAKES_PORT',
  'E2E_MICROSOFT_PORT',
  'E2E_GRAPH_PORT',
  'E2E_HOST_PORT',
  'E2E_SMTP_PORT',
  'E2E_MAILBOX_PORT',
  'E2E_OIDC_PORT',
] as const;
/**
 * `n` free loopback ports, all held open until each is known, so no two are the same (a port
 * closed at once may be the next one handed out).
 */
const freePorts = (n: number): string[] =>
  execFileSync(process.execPath, [
    '-e',
    `const net=require('net');const ss=[];let left=${n};for(let i=0;i<${n};i++){const s=net.createServer().listen(0,'127.0.0.1',()=>{if(--left===0){console.log(ss.map((x)=>x.address().port).join(' '));ss.forEach((x)=>x.close())}});ss.push(s)}`,
  ])
    .toString()
    .trim()
    .split(' ');
// Workers re-evaluate this file; the env keeps them on the servers the main process started.
if (PORT_VARS.some((name) => !process.env[name])) {
  const ports = freePorts(PORT_VARS.length);
  PORT_VARS.forEach((name, i) => {
    process.env[name] ??= ports[i];
  });
}
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'knap-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
/** The Sevanta fake (packages/fakes/src/serve.ts): the one provider configured in e2e. */
const SEVANTA_FAKE_URL = `http://127.0.0.1:${process.env.E2E_FAKES_PORT}`;
/** Microsoft sign-in and Graph fakes: Outlook Calendar is the one calendar configured in e2e. */
const MICROSOFT_FAKE_URL = `http://127.0.0.1:${process.env.E2E_MICROSOFT_PORT}`;
/** The widget's demo host page (examples/host), on another origin than the app. */
const HOST_PAGE_URL = `http://127.0.0.1:${process.env.E2E_HOST_PORT}`;
/** What the app mails (verification links, invitations) lands in the SMTP fake; specs read it here. */
process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}`;
/**
 * oidc-provider, the certified OpenID provider (packages/fakes/src/serve-oidc-provider.ts), is the
 * app's Google in e2e: 'Continue with Google' and the Google connections go through its real pages.
 * GET /_e2e/tokens there lists the tokens it issued and revoked.
 */
process.env.E2E_OIDC_URL = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const OIDC_URL = process.env.E2E_OIDC_URL;
const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey spec takes about 12 s on an idle 2-core machine and ran past 30 s on a loaded one (two
  // workers, their browsers and eight servers on the same cores); each step still waits 10 s at most.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node --import tsx packages/fakes/src/serve.ts --sevanta-port ${process.env.E2E_FAKES_PORT} --microsoft-port ${process.env.E2E_MICROSOFT_PORT} --graph-port ${process.env.E2E_GRAPH_PORT} --smtp-port ${process.env.E2E_SMTP_PORT} --mailbox-port ${process.env.E2E_MAILBOX_PORT}`,
      cwd: root,
      // Answers 401 without a token once it is up.
      url: `${SEVANTA_FAKE_URL}/acme-ventures/api/v1/me`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx packages/fakes/src/serve-oidc-provider.ts --port ${process.env.E2E_OIDC_PORT} --public-url ${baseURL}`,
      cwd: root,
      url: `${OIDC_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(process.env.E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        // Every spec signs up from this one address.
        RATE_LIMIT_REGISTER_PER_HOUR: '10000',
        // May adjust credits: assistant.spec.ts runs an account out of credits this way (OPERATOR in
        // e2e/support/assistant.ts).
        OPERATOR_EMAILS: 'operator@e2e.example',
        // New users get advanced planning only, so the gated-route specs see a knap granted and
        // knaps not granted (foundation.spec.ts).
        KNAP_DEFAULTS: 'advancedPlanning',
        SEVANTA_CLIENT_ID: 'sevanta-client',
        SEVANTA_CLIENT_SECRET: 'sevanta-secret',
        SEVANTA_URL: `${SEVANTA_FAKE_URL}/{system_code}`,
        MICROSOFT_CLIENT_ID: 'fake-client-id',
        MICROSOFT_CLIENT_SECRET: 'fake-client-secret',
        MICROSOFT_AUTH_URL: `${MICROSOFT_FAKE_URL}/authorize`,
        MICROSOFT_TOKEN_URL: `${MICROSOFT_FAKE_URL}/token`,
        MICROSOFT_USERINFO_URL: `${MICROSOFT_FAKE_URL}/userinfo`,
        MICROSOFT_GRAPH_URL: `http://127.0.0.1:${process.env.E2E_GRAPH_PORT}`,
        // The client serve-oidc-provider.ts registers for the app.
        GOOGLE_CLIENT_ID: 'knap-e2e',
        GOOGLE_CLIENT_SECRET: 'knap-e2e-secret-that-is-long-enough-for-hs256',
        GOOGLE_AUTH_URL: `${OIDC_URL}/auth`,
        GOOGLE_TOKEN_URL: `${OIDC_URL}/token`,
        GOOGLE_USERINFO_URL: `${OIDC_URL}/me`,
        GOOGLE_REVOKE_URL: `${OIDC_URL}/token/revocation`,
        GOOGLE_DISCOVERY_URL: `${OIDC_URL}/.well-known/openid-configuration`,
        // The demo host page may frame the app; the same page served as http://localhost:… may not.
        WIDGET_ALLOWED_ORIGINS: HOST_PAGE_URL,
      },
    },
    {
      command: `node examples/host/serve.mjs --port ${process.env.E2E_HOST_PORT} --app ${baseURL}`,
      cwd: root,
      url: HOST_PAGE_URL,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
