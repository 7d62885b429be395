/**
 * Operator command: `npm run restore -- <backup .sqlite file>` with the server stopped — puts the
 * database (and the files copied beside it) back. See docs/operations.md.
 */
import { loadConfig } from '../server/src/config';
import { restore } from '../server/src/operations/backup';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- <backup .sqlite file>');
  process.exitCode = 2;
} else {
  try {
    const result = restore(loadConfig(), file);
    console.log(`database restored: ${result.database}`);
    console.log(`files restored:    ${result.files ?? '(no files copy beside the backup)'}`);
  } catch (error) {
    console.error(`restore failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
