// Zod schemas live in the domain modules (auth, users, chats, health); everything the browser needs
// at run time (constants, error texts, paths, shared rules) lives in zod-free modules, so with
// "sideEffects": false the web bundle ships no zod unless it validates with a schema.
export * from './admin.js';
export * from './assistant.js';
export * from './assistant-parts.js';
export * from './auth.js';
export * from './billing.js';
export * from './catalogue.js';
export * from './chat-rules.js';
export * from './chats.js';
export * from './client-review.js';
export * from './compliance.js';
export * from './connections.js';
export * from './constants.js';
export * from './document-rules.js';
export * from './documents.js';
export * from './email.js';
export * from './english.js';
export * from './error-reporting.js';
export * from './errors.js';
export * from './financial-plan.js';
export * from './first-impressions.js';
export * from './health.js';
export * from './knaps.js';
export * from './library.js';
export * from './meetings.js';
export * from './newsletter.js';
export * from './onboarding.js';
export * from './paths.js';
export * from './pdf.js';
export * from './tools.js';
export * from './users.js';
