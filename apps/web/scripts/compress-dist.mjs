// Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of the built app, once at
// build time, so the server sends the compressed bytes to browsers that accept them
// (apps/server/src/platform/web.ts, @fastify/static preCompressed) without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What compresses well; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this the headers cost more than compression saves. */
const MIN_BYTES = 1024;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Compresses every text file of `dir` of at least MIN_BYTES; answers how many it did. */
export async function compressDist(dir) {
  let files = 0;
  for await (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const bytes = await readFile(file);
    if (bytes.length < MIN_BYTES) continue;
    const [br, gzipped] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gz(bytes, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    files += 1;
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.join(import.meta.dirname, '../dist');
  const files = await compressDist(dist);
  console.log(`compressed ${files} files in ${path.relative(process.cwd(), dist) || dist} (.br, .gz)`);
}
