import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../constants';
import { typographic } from './typography';

describe('typographic', () => {
  it.each([
    ['en', `She said "don't go" -- and I stayed...`, 'She said “don’t go” – and I stayed…'],
    [
      'fr',
      `Il a dit : "l'école" ! À 10:30, voir https://plume.example`,
      'Il a dit\u00a0: «\u00a0l’école\u00a0»\u00a0! À 10:30, voir https://plume.example',
    ],
    ['fr', 'Elle disait «reviens»?!', 'Elle disait «\u00a0reviens\u00a0»\u00a0?!'],
    ['es', `Mi madre decía "el pan no se tira" - siempre.`, 'Mi madre decía «el pan no se tira» – siempre.'],
    ['en', 'The orchard — our whole world — was gone.', 'The orchard — our whole world — was gone.'],
    ['it', `La nonna diceva "chi va piano va sano" e l'aveva detto.`, 'La nonna diceva «chi va piano va sano» e l’aveva detto.'],
  ] as const)('sets quotes, apostrophes, dashes and spaces (%s)', (lng, input, expected) => {
    expect(typographic(input, lng)).toBe(expected);
  });

  it.each(LANGUAGES)('is idempotent (%s)', (lng) => {
    const text = `"Oui" : l'été -- "non" ! 12:30...`;
    const once = typographic(text, lng);
    expect(typographic(once, lng)).toBe(once);
  });
});

/** Messages SPEC.md quotes word for word (the contract): kept as it writes them. */
const SPEC_MESSAGES = new Set(["Shaping your book's big idea"]);
const ROOT = path.resolve(import.meta.dirname, '../..');

const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];
const filesIn = (folder: string, extension: string) =>
  fs
    .readdirSync(path.join(ROOT, folder))
    .filter((name) => name.endsWith(extension))
    .map((name) => fs.readFileSync(path.join(ROOT, folder, name), 'utf8'));
/** The catalog's texts in one language: what sits under its code, wherever it is. */
const catalogTexts = (value: unknown, lng: Language): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) =>
        key === lng ? stringsOf(child) : (LANGUAGES as readonly string[]).includes(key) ? [] : catalogTexts(child, lng),
      )
    : [];

describe('every text shown to users is typeset as the book is', () => {
  it.each(LANGUAGES)('%s: the interface, the question bank, the catalog and the legal pages', (lng) => {
    const texts = [
      ...filesIn(`locales/${lng}`, '.json').flatMap((file) => stringsOf(JSON.parse(file))),
      ...filesIn(`content/question-bank/${lng}`, '.json').flatMap((file) => stringsOf(JSON.parse(file))),
      ...catalogTexts(JSON.parse(fs.readFileSync(path.join(ROOT, 'content/catalog.json'), 'utf8')), lng),
      // a page's link targets are no text (`mailto:` takes no space before its colon)
      ...filesIn(`content/legal/${lng}`, '.md').map((page) => page.replace(/\]\([^)]*\)/g, ']')),
    ];
    expect(texts.length).toBeGreaterThan(500);
    const untypeset = texts.filter((text) => !SPEC_MESSAGES.has(text) && typographic(text, lng) !== text);
    expect(untypeset.map((text) => text.slice(0, 100))).toEqual([]);
  });
});
