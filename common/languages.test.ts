import { describe, expect, it } from 'vitest';
import { arrivalLanguage, isLanguage, languageOfPath, normalizeLanguage, withLanguage } from './languages';

describe('isLanguage', () => {
  it('accepts exactly en, fr, es, it', () => {
    for (const lng of ['en', 'fr', 'es', 'it']) expect(isLanguage(lng)).toBe(true);
  });
  it('refuses anything else', () => {
    for (const value of ['de', 'EN', 'fr-FR', '', ' en', undefined, null, 1, {}]) expect(isLanguage(value)).toBe(false);
  });
});

describe('languageOfPath (spec section 2: unknown or missing first segment falls back to en)', () => {
  it('reads the first segment', () => {
    expect(languageOfPath('/fr/general-categories/1')).toBe('fr');
    expect(languageOfPath('/it')).toBe('it');
    expect(languageOfPath('/es/')).toBe('es');
  });
  it('falls back to en', () => {
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('')).toBe('en');
    expect(languageOfPath('/de/my-books')).toBe('en');
    expect(languageOfPath('/my-books')).toBe('en');
    expect(languageOfPath('/FR/my-books')).toBe('en');
    expect(languageOfPath('/french/x')).toBe('en');
  });
});

describe('withLanguage (the language picker rewrites the first segment, keeping the rest)', () => {
  it('replaces a language segment and keeps the rest of the path', () => {
    expect(withLanguage('/fr/general-categories/1', 'en')).toBe('/en/general-categories/1');
    expect(withLanguage('/en/general-categories-options/1/2', 'it')).toBe('/it/general-categories-options/1/2');
    expect(withLanguage('/es/thankyou/purchase', 'fr')).toBe('/fr/thankyou/purchase');
  });
  it('handles the language root, with and without a trailing slash', () => {
    expect(withLanguage('/fr', 'es')).toBe('/es');
    expect(withLanguage('/fr/', 'es')).toBe('/es');
  });
  it('puts a language in front of a path that has none', () => {
    expect(withLanguage('/my-books', 'fr')).toBe('/fr/my-books');
    expect(withLanguage('/', 'it')).toBe('/it');
    expect(withLanguage('/de/my-books', 'en')).toBe('/en/de/my-books');
  });
  it('is idempotent and keeps the same language', () => {
    expect(withLanguage('/en/my-books', 'en')).toBe('/en/my-books');
    expect(withLanguage(withLanguage('/fr/profile', 'it'), 'it')).toBe('/it/profile');
  });
});

describe('normalizeLanguage', () => {
  it('reads plain and regional codes', () => {
    expect(normalizeLanguage('fr')).toBe('fr');
    expect(normalizeLanguage('fr-FR')).toBe('fr');
    expect(normalizeLanguage('IT-ch')).toBe('it');
  });
  it('reads Accept-Language lists, first supported language wins', () => {
    expect(normalizeLanguage('de-DE,de;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(normalizeLanguage('pt-BR, it;q=0.5')).toBe('it');
  });
  it('falls back to en', () => {
    expect(normalizeLanguage(undefined)).toBe('en');
    expect(normalizeLanguage(null)).toBe('en');
    expect(normalizeLanguage('')).toBe('en');
    expect(normalizeLanguage('de-DE,pt;q=0.8')).toBe('en');
    expect(normalizeLanguage('*')).toBe('en');
  });
});

describe('arrivalLanguage (where / and unknown paths land)', () => {
  it('keeps a language already in the path', () => {
    expect(arrivalLanguage('/it/no-such-page', 'es', ['en-US'])).toBe('it');
  });
  it('else takes the saved choice, else the first browser language among ours, else fr', () => {
    expect(arrivalLanguage('/', 'es', ['it-IT'])).toBe('es');
    expect(arrivalLanguage('/de/x', undefined, ['de-DE', 'es-ES', 'en'])).toBe('es');
    expect(arrivalLanguage('/', 'xx', ['EN-gb'])).toBe('en');
    expect(arrivalLanguage('/', null, ['de-DE', 'nl'])).toBe('fr');
    expect(arrivalLanguage('', undefined, [])).toBe('fr');
  });
});
