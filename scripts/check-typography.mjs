// Typography check (run by `npm run lint`): the texts shown to users — the interface's (locales/), the question
// bank, the catalog, the printing offer and the legal pages (content/) — follow the rules the book itself follows
// (common/rules/typography.ts): the apostrophe written ’ ("l’enfance", "don’t"), never a typewriter ' between two
// letters; quotation marks, never typewriter double quotes; and in French a no-break space before ? ! : ; » and
// after «, so a line never starts with the mark.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['locales', 'content/question-bank', 'content/legal', 'content/catalog.json', 'content/printing.json'];
/** Messages SPEC.md quotes word for word (the contract): kept as it writes them, typewriter apostrophe included. */
const SPEC_MESSAGES = ["Shaping your book's big idea"];
const RULES = [
  { problem: 'a typewriter apostrophe between two letters (write ’)', pattern: /(?<=[\p{L}\p{N}])'(?=\p{L})/u, french: false },
  { problem: 'typewriter double quotes (write “…” or «…»)', pattern: /\\"/, french: false, files: /\.json$/ },
  { problem: 'typewriter double quotes (write “…” or «…»)', pattern: /"/, french: false, files: /\.md$/ },
  { problem: 'a breaking space before ? ! : ; » or after « (write a no-break space)', pattern: / [?!:;»]|« /, french: true },
];

function filesOf(relative) {
  const full = path.join(root, relative);
  if (/\.(json|md)$/.test(relative)) return [full];
  return readdirSync(full, { recursive: true })
    .filter((name) => /\.(json|md)$/.test(name) && path.basename(name) !== 'README.md')
    .map((name) => path.join(full, name));
}

/** The French text of a line: all of it in a French file, the `"fr": …` entry's in the catalog, none elsewhere. */
function frenchOf(file, line) {
  if (file.split(path.sep).includes('fr')) return line;
  return /^\s*"fr": /.test(line) ? line : '';
}

const withoutSpecMessages = (line) => SPEC_MESSAGES.reduce((rest, message) => rest.replace(message, ''), line);

const problems = SOURCES.flatMap(filesOf).flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      RULES.filter(
        ({ pattern, french, files }) =>
          (!files || files.test(file)) && pattern.test(withoutSpecMessages(french ? frenchOf(file, line) : line)),
      ).map(({ problem }) => `${path.relative(root, file)}:${index + 1}: ${problem}: ${line.trim().slice(0, 100)}`),
    ),
);
if (problems.length > 0) {
  console.error(`Typography (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
