import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Call } from '@common/api/contract';
import { apiViewSource, isCall, loadDeclarations } from '../../api-views';

/**
 * The built SPA imports each `common/api/<area>.ts` as a view without schemas (web/api-views.ts). Each area's
 * view, as the build makes it, is compared call by call with the real declarations: a call added, renamed or
 * changed there is in the view as it is.
 */
const apiDir = path.resolve(import.meta.dirname, '../../../common/api');
const areas = fs.readdirSync(apiDir).filter((file) => /^[\w-]+\.ts$/.test(file) && file !== 'contract.ts' && !file.endsWith('.test.ts'));

describe('the web build’s views of the API declarations', () => {
  it.each(areas)('%s: every call with its method, path, scope, form and answer; no schema', async (area) => {
    const file = path.join(apiDir, area);
    const real = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const source = apiViewSource(await loadDeclarations(file), area);
    const view = (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as Record<string, unknown>;

    expect(Object.keys(view).sort()).toEqual(Object.keys(real).sort());
    let calls = 0;
    for (const [name, value] of Object.entries(real)) {
      if (typeof value !== 'object' || value === null || !Object.values(value).every(isCall)) {
        if (typeof value !== 'object') expect(view[name], name).toBe(value); // a constant, as it is
        continue;
      }
      const group = view[name] as Record<string, Record<string, unknown>>;
      expect(Object.keys(group).sort(), name).toEqual(Object.keys(value).sort());
      for (const [callName, call] of Object.entries(value as Record<string, Call>)) {
        const seen = group[callName];
        expect(seen, `${name}.${callName}`).toEqual({
          method: call.method,
          path: call.path,
          scope: call.scope,
          ...(call.multipart ? { multipart: true } : {}),
          ...(call.response ? { response: true } : {}),
        });
        calls += 1;
      }
    }
    expect(calls).toBeGreaterThan(0);
    expect(source).not.toMatch(/zod/i);
  });

  it('no web module imports from common/api anything but its groups of calls and its constants', () => {
    const webSource = path.resolve(import.meta.dirname, '..');
    const files = fs
      .readdirSync(webSource, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    const imported = new Set<string>();
    for (const file of files) {
      const code = fs.readFileSync(path.join(webSource, file), 'utf8');
      for (const match of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@common\/api\/(?!contract')[\w-]+'/g)) {
        if (match[1]) continue;
        for (const name of match[2].split(',').map((n) => n.trim()))
          if (name && !name.startsWith('type ')) imported.add(name.split(/\s+as\s+/)[0]);
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    // a schema exported beside the calls would be undefined in the build's view
    expect([...imported].filter((name) => !/Api$|^[A-Z_]+$/.test(name))).toEqual([]);
  });
});
