// The server's modules and the modules each may import (apps/server/src/modules/<name>/): the
// architecture's one list. .dependency-cruiser.cjs turns it into lint rules, docs/ARCHITECTURE.md
// shows it as the table `moduleTable` writes (`node scripts/module-dependencies.cjs --write`
// rewrites it there; apps/server/src/module-walls.test.ts checks the two agree), and loading it fails if the
// directions form a cycle.

/** Each server module and the modules it may import (apps/server/src/modules/<name>/). */
const MODULE_DEPENDENCIES = {
  admin: ['audit', 'billing', 'chats', 'credits', 'knaps', 'organizations', 'users'],
  assistant: ['audit', 'chats', 'credits', 'documents', 'tools'],
  audit: [],
  auth: ['audit', 'system-mail', 'users'],
  billing: ['users'],
  chats: ['audit', 'documents', 'legal-holds', 'pdf'],
  'client-reviews': [
    'connections',
    'credits',
    'documents',
    'email',
    'knaps',
    'legal-holds',
    'meetings',
    'pdf',
  ],
  compliance: ['admin', 'audit', 'chats', 'connections', 'documents', 'legal-holds'],
  connections: ['audit', 'auth', 'users'],
  credits: ['audit', 'billing', 'users'],
  documents: ['audit', 'legal-holds'],
  email: ['compliance', 'connections', 'pdf'],
  'financial-plans': ['credits', 'documents', 'knaps', 'legal-holds', 'pdf', 'tools'],
  'first-impressions': ['connections', 'credits', 'documents', 'knaps', 'legal-holds', 'meetings', 'pdf'],
  health: [],
  knaps: ['audit', 'connections', 'credits', 'meetings', 'users'],
  'legal-holds': [],
  library: [
    'client-reviews',
    'documents',
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
  tools: ['audit', 'chats', 'compliance', 'connections', 'meetings'],
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

/**
 * The list as a Markdown table, lowest layer first: a module's layer is one more than the highest
 * layer it may import (layer 0 imports no module), so every arrow points up the table.
 */
function moduleTable(graph = MODULE_DEPENDENCIES) {
  const layers = {};
  const layerOf = (name) => {
    layers[name] ??= Math.max(-1, ...graph[name].map(layerOf)) + 1;
    return layers[name];
  };
  const names = Object.keys(graph).sort((a, b) => layerOf(a) - layerOf(b) || a.localeCompare(b));
  const usedBy = (name) =>
    Object.keys(graph)
      .filter((other) => graph[other].includes(name))
      .sort();
  const list = (items) => items.join(', ') || '—';
  return [
    '| layer | module | may import | imported by |',
    '|---|---|---|---|',
    ...names.map((name) => `| ${layerOf(name)} | ${name} | ${list(graph[name])} | ${list(usedBy(name))} |`),
  ].join('\n');
}

/** docs/ARCHITECTURE.md with the table between its markers rewritten from the list. */
const ARCHITECTURE = require('node:path').join(__dirname, '..', 'docs', 'ARCHITECTURE.md');
const MARKERS = /(<!-- module-dependencies: .*? -->\n)[\s\S]*?(<!-- \/module-dependencies -->)/;
const withModuleTable = (doc) => doc.replace(MARKERS, (_, start, end) => `${start}${moduleTable()}\n${end}`);

if (require.main === module) {
  const fs = require('node:fs');
  if (process.argv.includes('--write'))
    fs.writeFileSync(ARCHITECTURE, withModuleTable(fs.readFileSync(ARCHITECTURE, 'utf8')));
  else console.log(moduleTable());
}

module.exports = { MODULE_DEPENDENCIES, assertAcyclic, moduleTable, withModuleTable, ARCHITECTURE };
