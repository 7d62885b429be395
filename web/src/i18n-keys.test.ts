import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Guards the translations: every language has the keys of English (no more, no fewer, none empty,
 * same {{placeholders}}), and every literal key the web app asks for exists in English.
 */
const root = path.resolve(import.meta.dirname, '../..');
const localesDir = path.join(root, 'locales');
const reference = 'en';
const others = readdirSync(localesDir).filter((l) => l !== reference && statSync(path.join(localesDir, l)).isDirectory());
const namespaces = readdirSync(path.join(localesDir, reference))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

type Tree = { [key: string]: string | Tree };

const load = (lng: string, ns: string): Tree => JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Tree;

/** key path → value, for every leaf ("a.b.c"). */
const flatten = (tree: Tree, prefix = ''): Map<string, unknown> => {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, full)) out.set(k, v);
    } else {
      out.set(full, value);
    }
  }
  return out;
};

const placeholders = (value: unknown): string[] => [...String(value).matchAll(/{{\s*([\w.]+)(?:\s*,[^}]*)?\s*}}/g)].map((m) => m[1]).sort();

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Plural forms a language may add beyond English's (e.g. French "_many"). */
const extraPluralAllowed = (lng: string, key: string, enKeys: Map<string, unknown>): boolean => {
  const match = PLURAL.exec(key);
  if (!match) return false;
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];
  return categories.includes(match[1]) && enKeys.has(key.replace(PLURAL, '_other'));
};

describe('locale files', () => {
  for (const lng of others) {
    it(`${lng} has exactly the namespaces of ${reference}`, () => {
      const files = readdirSync(path.join(localesDir, lng))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...namespaces].sort());
    });
  }

  for (const ns of namespaces) {
    const en = flatten(load(reference, ns));

    it(`${reference}/${ns} has no empty value`, () => {
      const empty = [...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });

    for (const lng of others) {
      it(`${lng}/${ns} matches ${reference}/${ns}`, () => {
        const target = flatten(load(lng, ns));
        const missing = [...en.keys()].filter((k) => !target.has(k));
        const extra = [...target.keys()].filter((k) => !en.has(k) && !extraPluralAllowed(lng, k, en));
        const empty = [...target].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
        const placeholderMismatch = [...target]
          .filter(([k]) => en.has(k))
          .filter(([k, v]) => placeholders(v).join(',') !== placeholders(en.get(k)).join(','))
          .map(([k, v]) => `${k}: ${placeholders(en.get(k)).join(',')} ≠ ${placeholders(v).join(',')} («${String(v)}»)`);
        expect({ missing, extra, empty, placeholderMismatch }).toEqual({ missing: [], extra: [], empty: [], placeholderMismatch: [] });
      });
    }
  }
});

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

const DEFAULT_NS = 'common';
const enTrees = new Map(namespaces.map((ns) => [ns, load(reference, ns)]));

const exists = (ns: string, key: string): boolean => {
  const tree = enTrees.get(ns);
  if (!tree) return false;
  const lookup = (k: string): boolean => {
    let node: string | Tree | undefined = tree;
    for (const part of k.split('.')) {
      if (node === undefined || typeof node !== 'object') return false;
      node = node[part];
    }
    return node !== undefined;
  };
  return lookup(key) || lookup(`${key}_other`) || lookup(`${key}_one`);
};

describe('translation keys used in web/src', () => {
  const webSrc = path.join(root, 'web', 'src');
  const unknown: string[] = [];
  let checked = 0;

  for (const file of sourceFiles(webSrc)) {
    const source = readFileSync(file, 'utf8');
    const namespacesUsed = new Set([...source.matchAll(/useTranslation\(\s*(?:['"]([\w-]+)['"])?/g)].map((m) => m[1] ?? DEFAULT_NS));
    // The file's namespace, when it is unambiguous; otherwise only "ns:key" keys are checked.
    const fileNs = namespacesUsed.size === 1 ? [...namespacesUsed][0] : namespacesUsed.size === 0 ? undefined : null;
    const keys = [
      ...[...source.matchAll(/(?<![\w$])t\(\s*(['"])([^'"`$]+?)\1/g)].map((m) => m[2]),
      ...[...source.matchAll(/i18nKey=(['"])([^'"`$]+?)\1/g)].map((m) => m[2]),
    ];
    for (const raw of keys) {
      const separator = raw.indexOf(':');
      const [ns, key] = separator > 0 ? [raw.slice(0, separator), raw.slice(separator + 1)] : [fileNs, raw];
      if (!ns) continue;
      checked += 1;
      if (!exists(ns, key)) unknown.push(`${path.relative(root, file)}: ${ns}:${key}`);
    }
  }

  it('finds keys to check', () => {
    expect(checked).toBeGreaterThan(100);
  });

  it(`every literal key exists in locales/${reference}`, () => {
    expect(unknown).toEqual([]);
  });
});
