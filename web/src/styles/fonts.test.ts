import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const css = fs.readFileSync(path.join(import.meta.dirname, 'fonts.css'), 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  file: /url\('\.\/(fonts\/[\w-]+\.woff2)'\)/.exec(body!)?.[1],
  range: codePoints(/unicode-range:([^;]+);/.exec(body!)?.[1] ?? ''),
}));

/** The code points of a list of ranges, CSS's (`U+00A0-00C2, U+00D7`) or pyftsubset's (`U+00A0-00BF,U+00C0-00C2`). */
function codePoints(ranges: string): Set<number> {
  const points = new Set<number>();
  for (const range of ranges.split(',').map((r) => r.trim().replace(/^U\+/, ''))) {
    const [from, to = from] = range.split('-').map((hex) => parseInt(hex, 16));
    for (let point = from!; point <= to!; point += 1) points.add(point);
  }
  return points;
}

/** Every character of the texts the pages show in the four languages: the locale files and the content's. */
function textCharacters(): Set<number> {
  const points = new Set<number>();
  for (const dir of ['locales', 'content']) {
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.json')) continue;
      for (const char of fs.readFileSync(path.join(root, dir, file), 'utf8')) if (char >= ' ') points.add(char.codePointAt(0)!);
    }
  }
  return points;
}

describe('the EB Garamond faces the web serves', () => {
  it('are the subsets made by make-subsets.sh, each face’s unicode-range its glyphs', () => {
    expect(faces.map((f) => f.file)).toEqual([
      'fonts/eb-garamond-400-normal.woff2',
      'fonts/eb-garamond-400-italic.woff2',
      'fonts/eb-garamond-500-normal.woff2',
      'fonts/eb-garamond-600-normal.woff2',
      'fonts/eb-garamond-700-normal.woff2',
    ]);
    const script = fs.readFileSync(path.join(import.meta.dirname, 'fonts/make-subsets.sh'), 'utf8');
    const subset = codePoints(/^UNICODES='([^']+)'$/m.exec(script)![1]!);
    for (const face of faces) expect([...face.range].sort()).toEqual([...subset].sort());
    // @fontsource/eb-garamond's "latin" files are 24–25 KB: a face this size is not the subset
    for (const face of faces) expect(fs.statSync(path.join(import.meta.dirname, face.file!)).size).toBeLessThan(20_000);
  });

  it('cover every character of the pages’ texts in English, French, Spanish and Italian', () => {
    const missing = [...textCharacters()].filter((point) => point > 0x7e && !faces[0]!.range.has(point));
    expect(missing.map((point) => String.fromCodePoint(point))).toEqual([]);
  });
});
