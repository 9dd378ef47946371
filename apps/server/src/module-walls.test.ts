// The module walls (.dependency-cruiser.cjs over scripts/module-dependencies.cjs): `npm run lint`
// enforces them on the tree; this checks that the rules catch what they are for, on a planted
// tree, that the written list is exactly what the code does and what the docs show, and that the
// web's features depend on each other one way only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const MODULES_DIR = 'apps/server/src/modules';
const walls = createRequire(import.meta.url)(path.join(ROOT, 'scripts/module-dependencies.cjs')) as {
  MODULE_DEPENDENCIES: Record<string, string[]>;
  assertAcyclic(graph: Record<string, string[]>): void;
  withModuleTable(doc: string): string;
  ARCHITECTURE: string;
};

interface Cruise {
  modules: Array<{ source: string; dependencies: Array<{ resolved: string }> }>;
  summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> };
}

/** dependency-cruiser's JSON answer for `dirs` under `cwd`, with the project's rules. */
function cruise(cwd: string, dirs: string[]): Cruise {
  const bin = path.join(ROOT, 'node_modules/.bin/depcruise');
  const config = path.join(ROOT, '.dependency-cruiser.cjs');
  try {
    return JSON.parse(
      // The web's answer is past execFileSync's default 1 MB of output.
      execFileSync(bin, [...dirs, '--config', config, '-T', 'json'], {
        cwd,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    );
  } catch (err) {
    // depcruise exits non-zero when it finds violations; its answer is still on stdout.
    return JSON.parse((err as { stdout: string }).stdout);
  }
}

const moduleOf = (file: string) => file.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];

describe('module walls', () => {
  const planted = mkdtempSync(path.join(tmpdir(), 'knap-walls-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  const plant = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
    writeFileSync(path.join(planted, file), text);
  };

  it('refuse a cycle, a disallowed direction, another module’s repo and platform importing a module', () => {
    plant('tsconfig.json', '{"compilerOptions":{"module":"NodeNext","moduleResolution":"NodeNext"}}');
    const m = MODULES_DIR;
    // meetings may import connections; connections importing meetings back is both a disallowed
    // direction and a cycle. The files sit in a module's subfolders, as connections' do.
    plant(
      `${m}/meetings/service.ts`,
      "import { a } from '../connections/mcp/service.js'; export const m = a;",
    );
    plant(
      `${m}/connections/mcp/service.ts`,
      "import { m } from '../../meetings/service.js'; export const a = m;",
    );
    plant(`${m}/connections/systems/outbox-repo.ts`, 'export const r = 1;');
    plant(
      `${m}/meetings/sync.ts`,
      "import { r } from '../connections/systems/outbox-repo.js'; export const s = r;",
    );
    plant(
      'apps/server/src/platform/hooks.ts',
      "import { a } from '../modules/connections/mcp/service.js'; export const h = a;",
    );
    // Tests may reach into any repo to seed and inspect.
    plant(
      `${m}/audit/audit.test.ts`,
      "import { r } from '../connections/systems/outbox-repo.js'; export const t = r;",
    );

    const found = cruise(planted, ['apps']).summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} -> ${v.to}`,
    );
    expect(found.sort()).toEqual(
      [
        `module-connections: ${m}/connections/mcp/service.ts -> ${m}/meetings/service.ts`,
        `no-circular: ${m}/connections/mcp/service.ts -> ${m}/meetings/service.ts`,
        `no-other-modules-repo: ${m}/meetings/sync.ts -> ${m}/connections/systems/outbox-repo.ts`,
        `platform-imports-no-module: apps/server/src/platform/hooks.ts -> ${m}/connections/mcp/service.ts`,
      ].sort(),
    );
  });

  it('list every module, and no allowed direction forms a cycle', () => {
    const dirs = readdirSync(path.join(ROOT, MODULES_DIR), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(Object.keys(walls.MODULE_DEPENDENCIES).sort()).toEqual(dirs.sort());
    expect(() => walls.assertAcyclic({ a: ['b'], b: ['c'], c: ['a'] })).toThrow(
      'MODULE_DEPENDENCIES has a cycle: a -> b -> c -> a',
    );
  });

  it('allow exactly the directions the code takes (no unused allowance)', () => {
    const used: Record<string, Set<string>> = {};
    for (const file of cruise(ROOT, [MODULES_DIR]).modules) {
      const from = moduleOf(file.source);
      if (!from || /\.test\.tsx?$/.test(file.source)) continue;
      for (const dep of file.dependencies) {
        const to = moduleOf(dep.resolved);
        if (!to || to === from) continue;
        used[from] ??= new Set();
        used[from].add(to);
      }
    }
    const taken = Object.fromEntries(
      Object.keys(walls.MODULE_DEPENDENCIES).map((name) => [name, [...(used[name] ?? [])].sort()]),
    );
    expect(taken).toEqual(walls.MODULE_DEPENDENCIES);
  });

  it('let web features import each other one way only', () => {
    const featureOf = (file: string) => file.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
    const edges = new Set<string>();
    for (const file of cruise(ROOT, ['apps/web/src/features']).modules) {
      const from = featureOf(file.source);
      if (!from) continue;
      for (const dep of file.dependencies) {
        const to = featureOf(dep.resolved);
        if (to && to !== from) edges.add(`${from} -> ${to}`);
      }
    }
    expect(edges.size).toBeGreaterThan(0);
    const bothWays = [...edges].filter((edge) => edges.has(edge.split(' -> ').reverse().join(' -> ')));
    expect(bothWays).toEqual([]);
  });

  it('are the table docs/ARCHITECTURE.md shows', () => {
    const doc = readFileSync(walls.ARCHITECTURE, 'utf8');
    expect(doc, 'rewrite it with: node scripts/module-dependencies.cjs --write').toBe(
      walls.withModuleTable(doc),
    );
    expect(doc).toContain('| 0 | audit |');
  });
});
