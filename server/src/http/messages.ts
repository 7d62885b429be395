import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@common/constants';

/**
 * Server messages come from the same locale files as the UI. An error code `name` is read from
 * `locales/{lng}/errors.json`; an area's code `area.name` from `locales/{lng}/errors-area.json`,
 * so each area keeps its own file. Other texts (mail…) name their namespace explicitly.
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
  return function translate(lng: Language, code: string, params: Record<string, string | number> = {}, namespace?: string): string {
    let ns = namespace ?? 'errors';
    let key = code;
    const dot = code.indexOf('.');
    if (!namespace && dot > 0) {
      ns = `errors-${code.slice(0, dot)}`;
      key = code.slice(dot + 1);
    }
    const text = load(localesDir, lng, ns)[key] ?? load(localesDir, 'en', ns)[key] ?? code;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
  };
}
export type Translate = ReturnType<typeof createTranslator>;
