// Apostrophe check (run by `npm run lint`): the texts shown to users — the interface's (locales/), the question
// bank, the catalog, the printing offer and the legal pages (content/) — write the apostrophe as ’, as the book
// itself does (common/rules/typography.ts): "l’enfance", "don’t", never a typewriter ' between two letters.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['locales', 'content/question-bank', 'content/legal', 'content/catalog.json', 'content/printing.json'];
const STRAIGHT = /(?<=[\p{L}\p{N}])'(?=\p{L})/u;

function filesOf(relative) {
  const full = path.join(root, relative);
  if (/\.(json|md)$/.test(relative)) return [full];
  return readdirSync(full, { recursive: true })
    .filter((name) => /\.(json|md)$/.test(name) && path.basename(name) !== 'README.md')
    .map((name) => path.join(full, name));
}

const problems = SOURCES.flatMap(filesOf).flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => (STRAIGHT.test(line) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim().slice(0, 100)}`] : [])),
);
if (problems.length > 0) {
  console.error(`A typewriter apostrophe between two letters; write ’ (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
