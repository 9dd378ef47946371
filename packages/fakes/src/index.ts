export * from './http.js';
export * from './oidc.js';
