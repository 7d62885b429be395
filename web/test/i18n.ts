import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@common/constants';

const locales = path.resolve(import.meta.dirname, '../../locales');

/** An i18next instance with the real locale files of these namespaces ('common' always), for <I18nextProvider>. */
export async function testI18n(lng: Language, namespaces: string[]): Promise<i18n> {
  const ns = [...new Set(['common', ...namespaces])];
  const resources = {
    [lng]: Object.fromEntries(ns.map((n) => [n, JSON.parse(readFileSync(path.join(locales, lng, `${n}.json`), 'utf8'))])),
  };
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({ lng, ns, defaultNS: 'common', resources, interpolation: { escapeValue: false } });
  return instance;
}
