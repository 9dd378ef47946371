export * from './crm.js';
export * from './dropbox.js';
export * from './google.js';
export * from './graph.js';
export * from './http.js';
export * from './llm.js';
export * from './mcp.js';
export * from './meeting-bot.js';
export * from './oidc.js';
export * from './s3.js';
export * from './sentry.js';
export * from './sevanta.js';
export * from './smtp.js';
export * from './stripe.js';
export * from './tcp-proxy.js';
export * from './wealthbox.js';
export type {
  FakeCalendarApi,
  FakeEvent,
  FakeFile,
  FakeMail,
  FakeMailMessage,
  FakeMime,
  FakeWorkspace,
} from './workspace.js';
