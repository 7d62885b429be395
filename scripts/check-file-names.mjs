// File-name check (run by `npm run lint`): every file and folder of the source trees is named in
// kebab-case (`book-preview-dialog.tsx`, `get-user-sessions.ts`), so an import never depends on a
// file system's case rules. Exceptions, each for a reason: numbered migrations (`0130_name.ts`,
// ordered by Kysely by name), Java sources (the class name is the file name) and README.md.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TREES = ['bench', 'common', 'content', 'docs', 'e2e', 'locales', 'scripts', 'server', 'web'];
/** Generated or installed, never named by us. */
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'ci-results', 'playwright-report', 'artifacts', 'coverage']);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MIGRATION = /^\d{4}_[a-z0-9]+(_[a-z0-9]+)*\.ts$/;

/** A name is kebab-case when its stem and each extension part are (`chapter-item.test.tsx`). */
function isKebab(name) {
  return name.split('.').every((part, index) => (index === 0 ? KEBAB.test(part) : /^[a-z0-9]+(-[a-z0-9]+)*$/.test(part)));
}

function allowed(name, dir, isDirectory) {
  if (name.startsWith('.') || name === 'README.md') return true;
  if (isKebab(name)) return true;
  if (isDirectory) return false;
  if (MIGRATION.test(name) && dir.endsWith(path.join('db', 'migrations'))) return true;
  return name.endsWith('.java');
}

const problems = [];
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (!allowed(entry.name, dir, entry.isDirectory())) problems.push(path.relative(root, full));
    if (entry.isDirectory()) walk(full);
  }
}
for (const tree of TREES) walk(path.join(root, tree));

if (problems.length > 0) {
  console.error(`File names must be kebab-case (lower-case words joined by hyphens):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`File names: all kebab-case in ${TREES.join(', ')}.`);
