// The data directory and what it holds (the SQLite files, the generated secret) are the server's
// user's alone: the directory 0700, the files 0600, set again at every start for files made before.
import { chmodSync, closeSync, mkdirSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Creates `dir` if needed and makes it 0700 (mkdir's mode does not change a directory that exists). */
export function privateDir(dir: string): void {
  makeDir(path.resolve(dir));
  chmodSync(dir, 0o700);
}

/**
 * `mkdir -p`, one level at a time. Node 20's `mkdirSync(dir, { recursive: true })` loops for ever
 * when a parent exists but cannot hold a directory (`/proc/x`: mkdir answers ENOENT, the parent
 * exists, so it tries again); here the second ENOENT of the same path is the answer.
 */
function makeDir(dir: string, parentMade = false): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      if (statSync(dir).isDirectory()) return;
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), { code: 'ENOTDIR' });
    }
    const parent = path.dirname(dir);
    if (code !== 'ENOENT' || parentMade || parent === dir) throw e;
    makeDir(parent);
    makeDir(dir, true);
  }
}

/**
 * Makes `dir` the private directory and proves a file can be written in it, so a directory that
 * cannot hold the database fails here, by name, rather than inside SQLite.
 */
export function writableDir(dir: string): void {
  privateDir(dir);
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  try {
    writeFileSync(probe, '', { mode: 0o600 });
  } finally {
    rmSync(probe, { force: true });
  }
}

/** Makes each of `files` that exists 0600. */
export function privateFiles(...files: string[]): void {
  for (const file of files) {
    try {
      chmodSync(file, 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

/** Creates `file` empty with mode 0600 unless it exists (then makes it 0600). */
export function privateFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  privateFiles(file);
}
