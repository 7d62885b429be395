// Locale check (run by `npm run lint`): every language has exactly English's keys (plural forms
// aside), none empty, with the same {{placeholders}}; every key the web asks for (`t('…')`,
// `i18n.t('ns:…')`, `i18nKey="…"`) exists in every language; and no key is stale — each is asked
// for by the web (literally, or under a `t(`prefix.${…}`)`), or is a message code the server sends.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(root, 'locales');
const REFERENCE = 'en';
const DEFAULT_NS = 'common';
/** Namespaces the server reads (http/messages.ts): error codes, mails, the book files' labels. */
const isServerNamespace = (ns) => ns === 'errors' || ns.startsWith('errors-') || ns === 'mail' || ns === 'book';

const languages = readdirSync(localesDir).filter((l) => statSync(path.join(localesDir, l)).isDirectory());
const namespaces = readdirSync(path.join(localesDir, REFERENCE))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));

const flatten = (tree, prefix = '') =>
  Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
const keysOf = (lng, ns) => {
  const file = path.join(localesDir, lng, `${ns}.json`);
  try {
    return new Map(flatten(JSON.parse(readFileSync(file, 'utf8'))));
  } catch {
    return null;
  }
};
const locales = new Map(languages.map((lng) => [lng, new Map(namespaces.map((ns) => [ns, keysOf(lng, ns)]))]));
const en = locales.get(REFERENCE);

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (value) =>
  [...String(value).matchAll(/{{\s*([\w.]+)(?:\s*,[^}]*)?\s*}}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
/** A plural form a language may add beyond English's (e.g. French `_many`). */
const allowedExtra = (lng, key, enKeys) => {
  const match = PLURAL.exec(key);
  return (
    !!match && new Intl.PluralRules(lng).resolvedOptions().pluralCategories.includes(match[1]) && enKeys.has(key.replace(PLURAL, '_other'))
  );
};
const has = (keys, key) => keys.has(key) || keys.has(`${key}_other`) || keys.has(`${key}_one`);

const problems = [];

// 1. Every language mirrors English.
for (const lng of languages.filter((l) => l !== REFERENCE)) {
  const files = readdirSync(path.join(localesDir, lng)).filter((f) => f.endsWith('.json'));
  for (const file of files) if (!namespaces.includes(file.slice(0, -5))) problems.push(`locales/${lng}/${file}: not in ${REFERENCE}`);
  for (const ns of namespaces) {
    const target = locales.get(lng).get(ns);
    const reference = en.get(ns);
    if (!target) {
      problems.push(`locales/${lng}/${ns}.json: missing or not JSON`);
      continue;
    }
    for (const key of reference.keys()) if (!target.has(key)) problems.push(`${lng}/${ns}: missing ${key}`);
    for (const [key, value] of target) {
      if (!reference.has(key) && !allowedExtra(lng, key, reference)) problems.push(`${lng}/${ns}: ${key} is not in ${REFERENCE}`);
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${lng}/${ns}: ${key} is empty`);
      else if (reference.has(key) && placeholders(value) !== placeholders(reference.get(key)))
        problems.push(`${lng}/${ns}: ${key} has {{${placeholders(value)}}}, ${REFERENCE} has {{${placeholders(reference.get(key))}}}`);
    }
  }
}
for (const ns of namespaces)
  for (const [key, value] of en.get(ns))
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${REFERENCE}/${ns}: ${key} is empty`);

// 2. Keys the web asks for exist in every language.
const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

/** ns → keys asked for literally; ns → key prefixes asked for with a template. */
const used = new Map(namespaces.map((ns) => [ns, new Set()]));
const usedPrefixes = new Map(namespaces.map((ns) => [ns, new Set()]));
const split = (raw, fileNs) => {
  const colon = raw.indexOf(':');
  return colon > 0 && namespaces.includes(raw.slice(0, colon)) ? [raw.slice(0, colon), raw.slice(colon + 1)] : [fileNs, raw];
};

/** Every quoted string of the web: a key kept in data (e.g. a footer link's label) counts as asked for. */
const webStrings = new Set();
let literalCount = 0;
for (const file of sourceFiles(path.join(root, 'web', 'src'))) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(['"])([\w.:-]+)\1/g)) webStrings.add(match[2]);
  const fileNamespaces = new Set([...source.matchAll(/useTranslation\(\s*(?:['"]([\w-]+)['"])?/g)].map((m) => m[1] ?? DEFAULT_NS));
  // The file's namespace when it is unambiguous; otherwise only `ns:key` keys can be placed.
  const fileNs = fileNamespaces.size === 1 ? [...fileNamespaces][0] : fileNamespaces.size === 0 ? DEFAULT_NS : undefined;
  const where = path.relative(root, file);
  const literals = [
    ...[...source.matchAll(/(?<![\w$])t\(\s*(['"])([^'"`$\n]+?)\1/g)].map((m) => m[2]),
    ...[...source.matchAll(/i18nKey=(['"])([^'"`$\n]+?)\1/g)].map((m) => m[2]),
  ];
  for (const raw of literals) {
    const [ns, key] = split(raw, fileNs);
    if (!ns) {
      problems.push(`${where}: '${raw}' — several namespaces in this file: write 'ns:key'`);
      continue;
    }
    literalCount += 1;
    used.get(ns)?.add(key);
    if (!en.has(ns)) problems.push(`${where}: unknown namespace in '${raw}'`);
    else for (const lng of languages) if (!has(locales.get(lng).get(ns), key)) problems.push(`${where}: ${ns}:${key} is missing in ${lng}`);
  }
  for (const match of source.matchAll(/(?<![\w$])t\(\s*`([^`$]*)\$\{/g)) {
    const [ns, prefix] = split(match[1], fileNs);
    if (ns && !prefix) problems.push(`${where}: t(\`\${…}\`) hides the key entirely: name a prefix`);
    if (ns) usedPrefixes.get(ns)?.add(prefix);
  }
}
if (literalCount < 100) problems.push(`only ${literalCount} keys found in web/src: the scan is broken`);

// 3. No stale key: the web asks for it, or (server namespaces) the server or common code names it.
const serverSource = [path.join(root, 'server', 'src'), path.join(root, 'common')]
  .flatMap(sourceFiles)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const quoted = (text) => serverSource.includes(`'${text}'`) || serverSource.includes(`"${text}"`) || serverSource.includes(`\`${text}`);
const serverNames = (ns, key) => {
  const base = key.replace(PLURAL, '');
  const code = ns.startsWith('errors-') ? `${ns.slice('errors-'.length)}.${base}` : base;
  // a nested key named in parts: `gift_card.${key}` with 'sent', or `${kind}.subject` with kind 'reset'
  const parts = base.split('.');
  const [head, last] = [parts.slice(0, -1).join('.'), parts.at(-1)];
  return (
    quoted(code) ||
    quoted(base) ||
    (parts.length > 1 && quoted(last) && quoted(`${head}.`)) ||
    (parts.length > 1 && quoted(head) && serverSource.includes(`}.${last}\``))
  );
};
for (const ns of namespaces) {
  for (const key of en.get(ns).keys()) {
    const base = key.replace(PLURAL, '');
    const asked =
      used.get(ns).has(base) ||
      used.get(ns).has(key) ||
      webStrings.has(base) ||
      webStrings.has(`${ns}:${base}`) ||
      [...usedPrefixes.get(ns)].some((p) => key.startsWith(p));
    if (!asked && !(isServerNamespace(ns) && serverNames(ns, key))) problems.push(`${REFERENCE}/${ns}: ${key} is used nowhere (stale)`);
  }
}

if (problems.length) {
  console.error(`Locale check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Locale check: ${languages.length} languages, ${namespaces.length} namespaces, ${literalCount} keys used in web/src — all present, none stale.`,
);
