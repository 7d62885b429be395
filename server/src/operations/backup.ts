import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config';

/**
 * `npm run backup` / `npm run restore <file>` (docs/operations.md). SQLite: an online backup through
 * SQLite's backup API (better-sqlite3 `backup()`: consistent while the server runs and writes), to
 * `BACKUP_DIR/plume-<UTC time>.sqlite`, and the local storage folder copied beside it
 * (`plume-<time>.files/`). PostgreSQL: pg_dump / pg_restore (documented; not run from here).
 */

export const DATABASE_FILE = 'plume.sqlite';

export interface BackupResult {
  database: string;
  files: string | null;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
export const backupDir = (config: Pick<Config, 'dataDir'>, dir?: string) => path.resolve(dir ?? path.join(config.dataDir, 'backups'));

export async function backup(config: Pick<Config, 'dataDir' | 'DATABASE_URL' | 'STORAGE_PROVIDER'>, dir?: string): Promise<BackupResult> {
  if (config.DATABASE_URL) throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md).');
  const source = path.join(config.dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  const target = backupDir(config, dir);
  fs.mkdirSync(target, { recursive: true });
  const name = `plume-${stamp(new Date())}`;
  const database = path.join(target, `${name}.sqlite`);
  const live = new SQLite(source, { fileMustExist: true });
  try {
    await live.backup(database);
  } finally {
    live.close();
  }
  let files: string | null = null;
  const storage = path.join(config.dataDir, 'files');
  if (config.STORAGE_PROVIDER === 'local' && fs.existsSync(storage)) {
    files = path.join(target, `${name}.files`);
    // a file renamed into place while copying is copied whole or not at all (writes are atomic renames)
    fs.cpSync(storage, files, { recursive: true, filter: (file) => !file.endsWith('.tmp') });
  }
  return { database, files };
}

/**
 * Puts a backup back: the server must be stopped. The backup is checked (SQLite integrity) before
 * anything is replaced; the live database's WAL files are removed with it (they belong to the old
 * database); the storage folder is replaced by the backup's copy when there is one.
 */
export function restore(config: Pick<Config, 'dataDir' | 'DATABASE_URL'>, file: string): { database: string; files: string | null } {
  if (config.DATABASE_URL) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md).');
  const backupFile = path.resolve(file);
  if (!fs.existsSync(backupFile)) throw new Error(`no backup at ${backupFile}`);
  const check = new SQLite(backupFile, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`${backupFile} is damaged: ${String(result)}`);
  } finally {
    check.close();
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = path.join(config.dataDir, DATABASE_FILE);
  const temp = `${database}.restore.tmp`;
  fs.copyFileSync(backupFile, temp);
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  fs.renameSync(temp, database);

  const filesBackup = backupFile.replace(/\.sqlite$/, '.files');
  let files: string | null = null;
  if (filesBackup !== backupFile && fs.existsSync(filesBackup)) {
    files = path.join(config.dataDir, 'files');
    const incoming = `${files}.restore.tmp`;
    fs.rmSync(incoming, { recursive: true, force: true });
    fs.cpSync(filesBackup, incoming, { recursive: true });
    fs.rmSync(files, { recursive: true, force: true });
    fs.renameSync(incoming, files);
  }
  return { database, files };
}
