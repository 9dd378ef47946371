// Builds the host-page loader (loader.ts) into dist/widget.js: one small IIFE, no framework.
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
await build({
  entryPoints: [path.join(here, 'loader.ts')],
  outfile: path.join(here, '../dist/widget.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
});
