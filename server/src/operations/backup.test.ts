import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config';
import { createDb } from '../db';
import { findSessionRow, updateSessionFields } from '../books/repository';
import { buildTestApp, createBook, createUser } from '../../test/helpers';

/** `npm run backup` / `npm run restore` as an operator runs them (the real scripts, a real data folder). */
const run = (script: string, args: string[], dataDir: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'scripts', script), ...args], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    encoding: 'utf8',
  });

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore (SQLite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-backup-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('backs up while the server runs, and restore brings the data and files back after they changed', async () => {
    const app = await buildTestApp({ DATA_DIR: dataDir });
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id }, { bookName: 'Before the backup' });
    const photo = `sessions/${book.id}/cover_media_photo`;
    await app.ctx.storage.put(photo, Buffer.from('the cover bytes'), 'image/jpeg');

    // online: the app holds the database open (WAL) while the backup runs
    const out = run('backup.ts', [], dataDir);
    const backupFile = /database: (.+)/.exec(out)![1].trim();
    expect(backupFile).toMatch(/backups\/plume-\d{8}T\d{6}Z\.sqlite$/);
    expect(fs.existsSync(backupFile.replace(/\.sqlite$/, '.files/') + photo)).toBe(true);

    // the data changes after the backup
    await updateSessionFields(app.ctx.db, book.id, { book_name: 'Changed later' });
    await app.ctx.storage.delete(photo);
    const later = await createUser(app);
    await app.close();

    // a damaged file is refused before anything is replaced
    const damaged = path.join(dataDir, 'damaged.sqlite');
    fs.writeFileSync(damaged, 'not a database');
    expect(() => run('restore.ts', [damaged], dataDir)).toThrow();

    run('restore.ts', [backupFile], dataDir);
    const db = createDb({ dataDir, DATABASE_URL: undefined });
    try {
      expect((await findSessionRow(db, book.id))?.book_name).toBe('Before the backup');
      expect(await db.selectFrom('users').select('id').where('id', '=', later.id).executeTakeFirst()).toBeUndefined();
    } finally {
      await db.destroy();
    }
    expect(fs.readFileSync(path.join(dataDir, 'files', photo), 'utf8')).toBe('the cover bytes');
  }, 60_000);
});
