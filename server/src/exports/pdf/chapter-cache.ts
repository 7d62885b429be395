import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BookImage } from '../images';
import { FONT_FILES } from './fonts';
import type { FontState } from './kept-drawing';
import type { KeptDrawing, LaidPage, Op } from './layout';

/** A laid page as kept between exports: photos named by their place among the chapter's photos, not by their bytes. */
type CachedOp = Exclude<Op, { t: 'image' } | { t: 'bleed' }> | { t: 'photo'; photo: number; x: number; y: number; w: number; h: number };
type CachedPage = Omit<LaidPage, 'ops' | 'chapter'> & { ops: CachedOp[]; drawing: KeptDrawing };
/** As stored: the drawing's content stream in base64. */
type StoredPage = Omit<CachedPage, 'drawing'> & { drawn?: { stream: string; fonts: string[]; photos: number[] } };
interface Stored {
  version: string;
  fonts?: FontState;
  entries: [string, StoredPage[]][];
}

let codeVersion: string | undefined;
/**
 * What a chapter's layout depends on besides its own content: the layout code (the built worker
 * bundle, or the typesetting sources when run from them), the measuring and hyphenating packages'
 * versions and the font files. A new build or new fonts start a fresh cache.
 */
function layoutCodeVersion(): string {
  if (codeVersion) return codeVersion;
  const hash = createHash('sha256');
  const here = fileURLToPath(import.meta.url);
  const files = here.endsWith('.ts')
    ? fs
        .readdirSync(path.dirname(here))
        .filter((f) => f.endsWith('.ts'))
        .sort()
        .map((f) => path.join(path.dirname(here), f))
    : [here];
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  const require = createRequire(import.meta.url);
  for (const pkg of ['pdfkit', 'fontkit', 'hyphen']) {
    try {
      hash.update(`${pkg}@${(require(`${pkg}/package.json`) as { version: string }).version}`);
    } catch {
      hash.update(`${pkg}@?`);
    }
  }
  for (const file of Object.values(FONT_FILES)) hash.update(`${file}:${fs.statSync(file).size}`);
  codeVersion = hash.digest('hex');
  return codeVersion;
}

/**
 * The laid-out pages of a book's chapters from its previous export, so a re-export after one
 * chapter changed lays out only that chapter. A chapter's pages do not depend on the page it starts
 * on (it opens on a fresh page, x is relative to the text block, folios and running heads are drawn
 * at render time), so each is keyed by a hash of exactly what they depend on: the layout code and
 * fonts, trim, language, hyphenation, the chapter's label, title, number, paragraphs and the pixel
 * sizes of its photos. Only the entries an export used are kept (`toBytes`), so the cache of a book
 * is as big as one book's layout.
 *
 * With each page its drawing (the PDF content stream, `KeptDrawing`), and the document's fonts as
 * that export left them (`fonts`): the next export opens its fonts in that order with those glyphs
 * first, so the kept streams name the same fonts and glyphs, and copies them instead of drawing.
 */
export class ChapterCache {
  private readonly entries: Map<string, CachedPage[]>;
  private readonly used = new Map<string, CachedPage[]>();
  /** The fonts of the export that drew the kept pages; then those of this export, once drawn. */
  fonts: FontState | undefined;
  /** Chapters laid out anew / taken from the cache in this export; chapter pages whose drawing was copied. */
  laidOut = 0;
  reused = 0;
  pagesCopied = 0;

  constructor(bytes?: Uint8Array | null) {
    this.entries = new Map();
    if (!bytes?.length) return;
    try {
      const stored = JSON.parse(gunzipSync(bytes).toString('utf8')) as Stored;
      if (stored.version !== layoutCodeVersion()) return;
      this.fonts = stored.fonts;
      this.entries = new Map(
        stored.entries.map(([key, pages]) => [
          key,
          pages.map(({ drawn, ...page }) => ({
            ...page,
            drawing: drawn ? { drawn: { ...drawn, stream: Buffer.from(drawn.stream, 'base64') } } : {},
          })),
        ]),
      );
    } catch {
      // an unreadable cache is an empty one
    }
  }

  key(parts: unknown): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  /** The chapter's pages from the cache, its photos put back in their places; undefined when not cached. */
  take(key: string, photos: BookImage[]): LaidPage[] | undefined {
    const cached = this.entries.get(key);
    if (!cached || cached.some((page) => page.ops.some((op) => op.t === 'photo' && !photos[op.photo]))) return undefined;
    this.used.set(key, cached);
    this.reused += 1;
    return cached.map(({ drawing, ...page }) => ({
      ...page,
      ops: page.ops.map((op): Op => (op.t === 'photo' ? { t: 'image', image: photos[op.photo], x: op.x, y: op.y, w: op.w, h: op.h } : op)),
      chapter: { photos, drawing },
    }));
  }

  /** Keeps the pages just laid out for a chapter; each page's drawing is kept as it is drawn (`page.chapter`). */
  keep(key: string, pages: LaidPage[], photos: BookImage[]): void {
    this.laidOut += 1;
    this.used.set(
      key,
      pages.map((page) => {
        const kept: CachedPage = {
          kind: page.kind,
          section: page.section,
          dest: page.dest,
          outline: page.outline,
          ops: page.ops.map((op): CachedOp => {
            if (op.t === 'bleed') throw new Error('a chapter has no full-page photo');
            if (op.t !== 'image') return op;
            return { t: 'photo', photo: photos.indexOf(op.image), x: op.x, y: op.y, w: op.w, h: op.h };
          }),
          drawing: {},
        };
        page.chapter = { photos, drawing: kept.drawing };
        return kept;
      }),
    );
  }

  /** The entries this export used, with their drawings and the fonts they name, to store for the next one. */
  toBytes(): Uint8Array {
    const entries = [...this.used].map(([key, pages]): [string, StoredPage[]] => [
      key,
      pages.map(({ drawing, ...page }) => ({
        ...page,
        ...(drawing.drawn && { drawn: { ...drawing.drawn, stream: drawing.drawn.stream.toString('base64') } }),
      })),
    ]);
    const stored: Stored = { version: layoutCodeVersion(), fonts: this.fonts, entries };
    return gzipSync(JSON.stringify(stored), { level: 1 });
  }
}
