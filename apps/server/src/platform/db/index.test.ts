import { chmodSync, existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDb } from './index.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the SQLite files', () => {
  it('are created readable by the server user only, in a directory only it may enter', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'knap-db-')), 'data');
    const file = path.join(dataDir, 'knap.db');
    const db = openDb({ sqliteFile: file });
    try {
      await migrate(db);
      expect(modeOf(dataDir)).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(f), f).toBe(true);
        expect(modeOf(f), f).toBe(0o600);
      }
    } finally {
      await db.close();
    }
  });

  it('are made private at start when an older version left them open', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'knap-db-'));
    const file = path.join(dataDir, 'knap.db');
    await openDb({ sqliteFile: file }).close();
    chmodSync(dataDir, 0o755);
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    const db = openDb({ sqliteFile: file });
    try {
      await migrate(db);
      expect(modeOf(dataDir)).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f), f).toBe(0o600);
    } finally {
      await db.close();
    }
  });
});
