// The data dir and what Parlor writes there are private to its user: the directory 0700,
// the SQLite database (and its -wal/-shm), .eml files and uploads 0600.
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from '../files/storage.ts';
import { migrate } from '../migrations/migrate.ts';
import { fileMailer } from '../outbox/mailer.ts';
import { connect } from './connect.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('file modes under the data dir', () => {
  it('the data dir is created 0700 and the database files are 0600', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'parlor-modes-')), 'data');
    const db = connect({ databaseUrl: null, dataDir });
    try {
      await migrate(db);
      expect(modeOf(dataDir)).toBe(0o700);
      const files = readdirSync(dataDir).filter((f) => f.startsWith('parlor.db'));
      expect(files).toContain('parlor.db');
      for (const f of files) expect([f, modeOf(join(dataDir, f))]).toEqual([f, 0o600]);
    } finally {
      await db.close();
    }
  });

  it('.eml files of the outbox are 0600 in a 0700 directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parlor-modes-'));
    const mailer = fileMailer(dataDir, 'Parlor <parlor@localhost>');
    await mailer.send(7, {
      kind: 'email',
      to: ['agent@example.com'],
      subject: 'Lead',
      text: 'Jane',
      html: '<p>Jane</p>',
    });
    mailer.close();
    expect(modeOf(join(dataDir, 'outbox'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'outbox', '7.eml'))).toBe(0o600);
  });

  it('uploads are 0600 in 0700 directories', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'parlor-modes-')), 'files');
    const storage = new LocalStorage(root);
    await storage.put('ws1/abc', Readable.from([Buffer.from('bytes')]));
    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(join(root, 'ws1'))).toBe(0o700);
    expect(modeOf(join(root, 'ws1', 'abc'))).toBe(0o600);
  });
});
