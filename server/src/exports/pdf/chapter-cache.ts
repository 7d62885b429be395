import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import type { BookImage } from '../images';
import { FONT_FILES } from './fonts';
import type { FontState } from './kept-drawing';
import type { KeptDrawing, LaidPage, Op } from './layout';

/** A laid page as kept between exports: photos named by their place among the chapter's photos, not by their bytes. */
type CachedOp = Exclude<Op, { t: 'image' } | { t: 'bleed' }> | { t: 'photo'; photo: number; x: number; y: number; w: number; h: number };
/** A kept page without its ops: what a re-export needs to place the page and copy its drawing. */
type KeptPage = Omit<LaidPage, 'ops' | 'chapter'> & { drawing: KeptDrawing; photos: number[] };
/** As stored: the drawing's content stream by its length (the streams follow the pages, one after the other). */
type StoredPage = Omit<KeptPage, 'drawing'> & { drawn?: { length: number; fonts: string[]; photos: number[] } };
/**
 * The stored cache: a 4-byte length, this header (JSON), then each entry one after the other, at the
 * lengths the header gives, each checked by its CRC-32. Entries are apart so a re-export decodes each once
 * and writes the ones it took from the cache back as they were read, untouched: only the chapters laid out
 * (or drawn) anew are encoded and compressed again.
 *
 * An entry: a 4-byte length, its pages without their ops (JSON), the pages' content streams as they are
 * (deflated already), then the pages' ops (JSON, gzipped). The ops — every line of the chapter — are
 * decoded only when a page is drawn anew instead of copied: reading them for every chapter was the largest
 * part of a re-export after the text's layout (bench/export.ts).
 */
interface StoredHeader {
  version: string;
  fonts?: FontState;
  entries: [key: string, length: number, crc: number][];
}
/** An entry as used by this export: its pages, their ops when asked for, and the bytes it was read from while they are unchanged. */
interface Entry {
  pages: KeptPage[];
  ops: () => CachedOp[][];
  read?: { bytes: Buffer; drawn: (KeptDrawing['drawn'] | undefined)[] };
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
  for (const pkg of ['pdfkit', 'fontkit', 'hyphen']) hash.update(`${pkg}@${packageVersion(pkg)}`);
  for (const file of Object.values(FONT_FILES)) hash.update(`${file}:${fs.statSync(file).size}`);
  codeVersion = hash.digest('hex');
  return codeVersion;
}

/**
 * An installed package's version, from the package.json above its entry point: pdfkit and fontkit do
 * not export theirs (`require('pdfkit/package.json')` throws), and the kept drawings and font programs
 * depend on their internals. '?' when the package cannot be found.
 */
export function packageVersion(name: string): string {
  try {
    const require = createRequire(import.meta.url);
    for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (!fs.existsSync(file)) continue;
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? '?';
    }
  } catch {
    // not installed
  }
  return '?';
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
  private readonly entries = new Map<string, Buffer>();
  private readonly used = new Map<string, Entry>();
  /** The fonts of the export that drew the kept pages; then those of this export, once drawn. */
  fonts: FontState | undefined;
  /** Chapters laid out anew / taken from the cache in this export; chapter pages whose drawing was copied. */
  laidOut = 0;
  reused = 0;
  pagesCopied = 0;
  /** Entries the last `toBytes` encoded anew (the others were written back as they were read). */
  encoded = 0;

  constructor(bytes?: Uint8Array | null) {
    if (!bytes?.length) return;
    try {
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const headerEnd = 4 + data.readUInt32BE(0);
      const header = JSON.parse(data.subarray(4, headerEnd).toString('utf8')) as StoredHeader;
      if (header.version !== layoutCodeVersion()) return;
      let offset = headerEnd;
      for (const [key, length, crc] of header.entries) {
        const bytes = data.subarray(offset, offset + length);
        offset += length;
        // a damaged entry is one not kept: its chapter is laid out again
        if (bytes.length === length && crc32(bytes) === crc) this.entries.set(key, bytes);
      }
      this.fonts = header.fonts;
    } catch {
      // an unreadable cache is an empty one
      this.entries.clear();
    }
  }

  key(parts: unknown): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  /** An entry's pages as stored, or undefined when it cannot be read (then the chapter is laid out again). */
  private read(key: string): Entry | undefined {
    const bytes = this.entries.get(key);
    if (!bytes) return undefined;
    try {
      let offset = 4 + bytes.readUInt32BE(0);
      const stored = JSON.parse(bytes.subarray(4, offset).toString('utf8')) as StoredPage[];
      const pages = stored.map(({ drawn, ...page }): KeptPage => {
        if (!drawn) return { ...page, drawing: {} };
        const stream = bytes.subarray(offset, offset + drawn.length);
        offset += drawn.length;
        return { ...page, drawing: { drawn: { stream, fonts: drawn.fonts, photos: drawn.photos } } };
      });
      const ops = bytes.subarray(offset);
      let decoded: CachedOp[][] | undefined;
      return {
        pages,
        ops: () => (decoded ??= JSON.parse(gunzipSync(ops).toString('utf8')) as CachedOp[][]),
        read: { bytes, drawn: pages.map((page) => page.drawing.drawn) },
      };
    } catch {
      return undefined;
    }
  }

  /**
   * The chapter's pages from the cache, its photos put back in their places; undefined when not cached.
   * Each page's ops are decoded from the entry when first read (`lazyOps`).
   */
  take(key: string, photos: BookImage[]): LaidPage[] | undefined {
    const entry = this.read(key);
    if (!entry || entry.pages.some((page) => page.photos.some((slot) => !photos[slot]))) return undefined;
    this.used.set(key, entry);
    this.reused += 1;
    return entry.pages.map(({ drawing, photos: _slots, ...page }, index) =>
      lazyOps({ ...page, chapter: { photos, drawing } }, () => placePhotos(entry.ops()[index], photos)),
    );
  }

  /** Keeps the pages just laid out for a chapter; each page's drawing is kept as it is drawn (`page.chapter`). */
  keep(key: string, pages: LaidPage[], photos: BookImage[]): void {
    this.laidOut += 1;
    const ops = pages.map((page) =>
      page.ops.map((op): CachedOp => {
        if (op.t === 'bleed') throw new Error('a chapter has no full-page photo');
        if (op.t !== 'image') return op;
        return { t: 'photo', photo: photos.indexOf(op.image), x: op.x, y: op.y, w: op.w, h: op.h };
      }),
    );
    this.used.set(key, {
      pages: pages.map((page, index) => {
        const kept: KeptPage = {
          kind: page.kind,
          section: page.section,
          dest: page.dest,
          outline: page.outline,
          photos: [...new Set(ops[index].flatMap((op) => (op.t === 'photo' ? [op.photo] : [])))],
          drawing: {},
        };
        page.chapter = { photos, drawing: kept.drawing };
        return kept;
      }),
      ops: () => ops,
    });
  }

  /**
   * The entries this export used, with their drawings and the fonts they name, to store for the next one.
   * An entry taken from the cache whose pages were all copied as they were drawn is written back as read.
   */
  toBytes(): Uint8Array {
    this.encoded = 0;
    const blobs = [...this.used].map(([key, { pages, ops, read }]): [string, Buffer] => {
      if (read && pages.every((page, index) => page.drawing.drawn === read.drawn[index])) return [key, read.bytes];
      this.encoded += 1;
      const streams = pages.flatMap(({ drawing }) => (drawing.drawn ? [drawing.drawn.stream] : []));
      const stored = pages.map(({ drawing, ...page }): StoredPage => {
        const drawn = drawing.drawn;
        return { ...page, ...(drawn && { drawn: { length: drawn.stream.length, fonts: drawn.fonts, photos: drawn.photos } }) };
      });
      return [key, withLength(Buffer.from(JSON.stringify(stored)), ...streams, gzipSync(JSON.stringify(ops()), { level: 1 }))];
    });
    const header: StoredHeader = {
      version: layoutCodeVersion(),
      fonts: this.fonts,
      entries: blobs.map(([key, blob]) => [key, blob.length, crc32(blob)]),
    };
    return withLength(Buffer.from(JSON.stringify(header)), ...blobs.map(([, blob]) => blob));
  }
}

/** Kept ops with the chapter's photos put back in their places. */
function placePhotos(ops: CachedOp[], photos: BookImage[]): Op[] {
  return ops.map((op) => (op.t === 'photo' ? { t: 'image', image: photos[op.photo], x: op.x, y: op.y, w: op.w, h: op.h } : op));
}

/** `head`'s length in 4 bytes, `head`, then the rest. */
function withLength(head: Buffer, ...rest: Buffer[]): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, ...rest]);
}

/** `page` with its ops decoded by `decode` the first time they are read: a page whose kept drawing is copied never reads them. */
function lazyOps(page: Omit<LaidPage, 'ops'>, decode: () => Op[]): LaidPage {
  let ops: Op[] | undefined;
  return Object.defineProperty(page, 'ops', { enumerable: true, get: () => (ops ??= decode()) }) as LaidPage;
}
