import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@common/constants';

/**
 * Server messages come from the same locale files as the UI: `locales/{lng}/errors.json`
 * (errors by stable code) and `locales/{lng}/server.json` (mail and other server texts).
 */
type Messages = Record<string, string>;
const cache = new Map<string, Messages>();

function load(localesDir: string, lng: Language, ns: string): Messages {
  const key = `${localesDir}|${lng}|${ns}`;
  let messages = cache.get(key);
  if (!messages) {
    const file = path.join(localesDir, lng, `${ns}.json`);
    messages = fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, 'utf8'))) : {};
    cache.set(key, messages);
  }
  return messages;
}

function flatten(tree: Record<string, unknown>, prefix = ''): Messages {
  const out: Messages = {};
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}

export function createTranslator(localesDir: string) {
  return function translate(lng: Language, key: string, params: Record<string, string | number> = {}, ns = 'errors'): string {
    const text = load(localesDir, lng, ns)[key] ?? load(localesDir, 'en', ns)[key] ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
  };
}
export type Translate = ReturnType<typeof createTranslator>;
export { LANGUAGES };
