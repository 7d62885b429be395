import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LockIcon } from './components/icons';

/**
 * Issue 16 item 8: the lock (and its open twin) is an SVG icon, never an emoji — the emoji showed as a
 * missing glyph where the system font has none. Every source file of the web and every string of the
 * interface is scanned.
 */
const root = path.resolve(import.meta.dirname, '../..');
const ICON_EMOJI = /[\u{1F512}\u{1F513}\u{1F510}\u{1F511}]/u;

function files(dir: string, extensions: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return files(file, extensions);
    return extensions.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('icons are SVG, not emoji', () => {
  it('no lock or key emoji in the web sources nor in any language of the interface', () => {
    const sources = [...files(path.join(root, 'web/src'), /\.(tsx?|css)$/), ...files(path.join(root, 'locales'), /\.json$/)];
    expect(sources.length).toBeGreaterThan(100);
    const found = sources.filter((file) => ICON_EMOJI.test(readFileSync(file, 'utf8'))).map((file) => path.relative(root, file));
    expect(found).toEqual([]);
  });

  it('the lock the workspace and the plan show is an SVG, hidden from screen readers (its label says it)', () => {
    const markup = renderToStaticMarkup(<LockIcon />);
    expect(markup).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(markup).not.toMatch(ICON_EMOJI);
  });
});
