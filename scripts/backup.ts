/**
 * Operator command: `npm run backup [-- <folder>]` — an online backup of the SQLite database and a
 * copy of the stored files, to BACKUP_DIR (default DATA_DIR/backups). See docs/operations.md.
 */
import { loadConfig } from '../server/src/config';
import { backup } from '../server/src/operations/backup';

try {
  const result = await backup(loadConfig(), process.argv[2] ?? process.env.BACKUP_DIR);
  console.log(`database: ${result.database}`);
  console.log(`files:    ${result.files ?? '(none: no local storage folder)'}`);
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
