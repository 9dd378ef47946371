// Import rules, checked by `npm run lint` (dependency-cruiser): the server's modules talk to each
// other only in the directions below (which form no cycle), never through another module's repo,
// platform/ imports no module, and the web app and the server never import each other. A new
// dependency between modules is a decision: add it to MODULE_DEPENDENCIES (and to the diagram in
// docs/ARCHITECTURE.md), or turn it around with a hook (platform/hooks.ts).

const { MODULE_DEPENDENCIES } = require('./scripts/module-dependencies.cjs');

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
/** Tests and the test helpers may reach anywhere (they seed and inspect through repos). */
const NOT_TESTS = ['\\.test\\.tsx?$', `^apps/server/src/testing/`, '^apps/web/e2e/'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other (a cycle) cannot be understood or changed one at a time.',
      from: { path: '^(apps|packages)/', pathNot: NOT_TESTS },
      to: { circular: true },
    },
    {
      name: 'no-other-modules-repo',
      severity: 'error',
      comment: 'A module reaches another only through its service, never its repo (SQL stays in its domain).',
      from: { path: `${MODULES}([^/]+)/`, pathNot: NOT_TESTS },
      to: { path: `${MODULES}[^/]+/[a-z/-]*repo\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment: 'platform/ is what modules stand on; it knows none of them (use a hook to call back).',
      from: { path: `${SERVER}platform/`, pathNot: NOT_TESTS },
      to: { path: MODULES },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'The web app and the server share only packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      from: { path: '^apps/server/', pathNot: NOT_TESTS },
      to: { path: '^apps/web/' },
    },
    ...Object.entries(MODULE_DEPENDENCIES).map(([name, allowed]) => ({
      name: `module-${name}`,
      severity: 'error',
      comment: `modules/${name} may import only: ${allowed.join(', ') || 'no other module'} (MODULE_DEPENDENCIES in .dependency-cruiser.cjs).`,
      from: { path: `${MODULES}${name}/`, pathNot: NOT_TESTS },
      to: { path: MODULES, pathNot: `${MODULES}(${[name, ...allowed].join('|')})/` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '(^|/)\\.tsbuild/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
  },
};
