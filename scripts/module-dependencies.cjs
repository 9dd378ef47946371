// The server's modules and the modules each may import (apps/server/src/modules/<name>/): the
// architecture's one list. .dependency-cruiser.cjs turns it into lint rules, docs/ARCHITECTURE.md
// draws it (scripts/module-diagram.mjs), and loading it fails if the directions form a cycle.

/** Each server module and the modules it may import (apps/server/src/modules/<name>/). */
const MODULE_DEPENDENCIES = {
  admin: ['audit', 'billing', 'chats', 'credits', 'knaps', 'organizations', 'users'],
  assistant: ['audit', 'chats', 'credits', 'tools'],
  audit: [],
  auth: ['audit', 'system-mail', 'users'],
  billing: [],
  chats: ['audit', 'legal-holds'],
  'client-reviews': ['connections', 'credits', 'email', 'knaps', 'legal-holds', 'meetings', 'pdf'],
  compliance: ['admin', 'audit', 'chats', 'connections', 'legal-holds'],
  connections: ['audit', 'auth', 'users'],
  credits: ['audit', 'billing', 'users'],
  email: ['compliance', 'connections', 'pdf'],
  'financial-plans': ['credits', 'knaps', 'legal-holds', 'pdf', 'tools'],
  'first-impressions': ['connections', 'credits', 'knaps', 'legal-holds', 'meetings', 'pdf'],
  health: [],
  knaps: ['audit', 'connections', 'credits', 'meetings', 'users'],
  'legal-holds': [],
  library: [
    'client-reviews',
    'financial-plans',
    'first-impressions',
    'knaps',
    'meetings',
    'newsletters',
    'pdf',
  ],
  'meeting-bot': ['meetings', 'users'],
  meetings: ['connections', 'credits'],
  newsletters: ['credits', 'email', 'knaps', 'legal-holds', 'pdf'],
  onboarding: ['connections', 'users'],
  organizations: ['audit', 'system-mail'],
  pdf: ['audit', 'legal-holds'],
  'system-mail': [],
  tools: ['audit', 'compliance', 'connections', 'meetings'],
  users: ['audit', 'organizations'],
};

/** Throws when the allowed directions themselves contain a cycle. */
function assertAcyclic(graph) {
  const state = {};
  const visit = (name, path) => {
    if (state[name] === 'done') return;
    if (state[name] === 'open')
      throw new Error(`MODULE_DEPENDENCIES has a cycle: ${[...path, name].join(' -> ')}`);
    state[name] = 'open';
    for (const next of graph[name] ?? []) visit(next, [...path, name]);
    state[name] = 'done';
  };
  for (const name of Object.keys(graph)) visit(name, []);
}
assertAcyclic(MODULE_DEPENDENCIES);

module.exports = { MODULE_DEPENDENCIES, assertAcyclic };
