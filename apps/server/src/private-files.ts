// The data directory and what it holds (the SQLite files, the generated secret) are the server's
// user's alone: the directory 0700, the files 0600, set again at every start for files made before.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/** Creates `dir` if needed and makes it 0700 (mkdir's mode does not change a directory that exists). */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
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
