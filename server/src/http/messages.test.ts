import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@common/constants';
import { ROOT_DIR } from '../config';

/**
 * Every error code the server can answer has a message in every language. The codes are collected
 * from the source: the AppError helpers' calls and defaults, `new AppError(…, 'code')`, and any
 * `'area.code'` literal of a server area (codes returned by a function, then thrown).
 */
const SOURCE_DIR = path.join(ROOT_DIR, 'server/src');
const LOCALES_DIR = path.join(ROOT_DIR, 'locales');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.startsWith('test-') ? [file] : [];
  });
}

const AREAS = fs
  .readdirSync(SOURCE_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const CODE = String.raw`'([a-z]+(?:_[a-z]+)*(?:\.[a-z]+(?:_[a-z]+)*)?)'`;
const PATTERNS = [
  // new AppError(400, 'code'), new GenerationFailure(502, 'code', …)
  new RegExp(String.raw`new \w+(?:Error|Failure)\(\s*\d+\s*,\s*${CODE}`, 'g'),
  // badRequest('code'), notFound('code') …
  new RegExp(String.raw`\b(?:badRequest|unauthorized|forbidden|notFound|conflict|paymentRequired|tooMany)\(\s*${CODE}`, 'g'),
  // 'area.code' literals of server areas (e.g. a refusal returned, then thrown)
  new RegExp(String.raw`'((?:${AREAS.join('|')})\.[a-z]+(?:_[a-z]+)*)'`, 'g'),
];
/** In http/ only: the helpers' defaults and the error handler's own answers, (code = 'x') and { code: 'x' }. */
const HTTP_DEFAULTS = new RegExp(String.raw`\bcode\s*[=:]\s*${CODE}`, 'g');
/** Same-shaped literals that are not error codes (SQL column references, file names). */
const NOT_CODES = /\.(id|json)$/;

/** `translate(lng, 'key', params, 'errors-area')`: a key read from a named errors namespace. */
const NAMED = /translate\(\s*\w+\s*,\s*'([a-z_]+)'\s*,\s*\{\}\s*,\s*'(errors(?:-[a-z]+)?)'\s*\)/g;

function collect(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (namespace: string, key: string, file: string) => {
    const id = `${namespace}:${key}`;
    if (!found.has(id)) found.set(id, new Set());
    found.get(id)!.add(path.relative(ROOT_DIR, file));
  };
  for (const file of sourceFiles(SOURCE_DIR)) {
    const text = fs.readFileSync(file, 'utf8');
    const patterns = path.dirname(file) === path.join(SOURCE_DIR, 'http') ? [...PATTERNS, HTTP_DEFAULTS] : PATTERNS;
    for (const pattern of patterns) {
      for (const [, code] of text.matchAll(pattern)) {
        if (NOT_CODES.test(code)) continue;
        const dot = code.indexOf('.');
        if (dot < 0) add('errors', code, file);
        else add(`errors-${code.slice(0, dot)}`, code.slice(dot + 1), file);
      }
    }
    for (const [, key, namespace] of text.matchAll(NAMED)) add(namespace, key, file);
  }
  return found;
}

function flatten(tree: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, v]],
    ),
  );
}

function messages(lng: string, namespace: string): Record<string, unknown> {
  const file = path.join(LOCALES_DIR, lng, `${namespace}.json`);
  return fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, 'utf8'))) : {};
}

describe('server error messages', () => {
  const codes = collect();

  it('finds the codes the server uses', () => {
    // a sanity check of the scan itself: codes from the helpers, the handler and several areas
    for (const id of [
      'errors:invalid_input',
      'errors:server_error',
      'errors:rate_limited',
      'errors-books:not_found',
      'errors-coupons:used_up',
      'errors-auth:confirmation_sent',
    ]) {
      expect(codes.has(id), id).toBe(true);
    }
    expect(codes.size).toBeGreaterThan(80);
  });

  it.each(LANGUAGES)('has a message for every code in %s', (lng) => {
    const missing = [...codes]
      .filter(([id]) => {
        const [namespace, key] = id.split(':');
        const text = messages(lng, namespace)[key];
        return typeof text !== 'string' || text.trim() === '';
      })
      .map(([id, files]) => `${id} (${[...files].join(', ')})`);
    expect(missing).toEqual([]);
  });
});
