// The production build as `npm run build` makes it: what it writes under dist is what the server
// serves, so no source map may carry the sources or be named by a bundle.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '..');

describe('the production build', () => {
  it('writes source maps without the sources and points no bundle at them', async () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'knap-web-build-'));
    await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
    const maps = files.filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const json = JSON.parse(readFileSync(path.join(outDir, map), 'utf8')) as {
        sourcesContent?: Array<string | null>;
      };
      expect(json.sourcesContent?.filter((s) => s !== null) ?? [], map).toEqual([]);
    }
    for (const bundle of files.filter((f) => /\.(js|css)$/.test(f)))
      expect(readFileSync(path.join(outDir, bundle), 'utf8'), bundle).not.toContain('sourceMappingURL=');
  }, 120_000);
});
