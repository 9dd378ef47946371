export * from './calendars.js';
export * from './http.js';
export * from './llm.js';
export * from './mcp.js';
export * from './oidc.js';
export * from './wealthbox.js';
