import type JSZip from 'jszip';
import { AppError } from '../../http/errors';
import type { Block } from './split';

/** Uncompressed bytes a .docx may hold in all (a zip bomb stops here, before mammoth sees it). */
const MAX_UNCOMPRESSED_BYTES = 80_000_000;
const MAX_ENTRIES = 5000;

const damaged = () => new AppError(400, 'books.document_damaged');
const tooBig = () => new AppError(413, 'books.document_too_big');

/** JSZip's object with the fields it has at run time but does not type. */
interface StreamHelper {
  on(event: 'data', cb: (chunk: Uint8Array) => void): StreamHelper;
  on(event: 'error', cb: (error: Error) => void): StreamHelper;
  on(event: 'end', cb: () => void): StreamHelper;
  pause(): StreamHelper;
  resume(): StreamHelper;
}
interface SizedZipObject extends JSZip.JSZipObject {
  _data?: { uncompressedSize?: number };
  internalStream(type: 'uint8array'): StreamHelper;
}

/**
 * Checks the archive without trusting its directory: declared sizes first, then every entry
 * except images is actually inflated with a running byte count that stops at the limit.
 */
async function checkArchive(buffer: Buffer): Promise<void> {
  const { default: JSZipLoader } = await import('jszip'); // loaded on first use, not at start
  let zip: JSZip;
  try {
    zip = await JSZipLoader.loadAsync(buffer, { checkCRC32: false });
  } catch {
    throw damaged();
  }
  const files = Object.values(zip.files).filter((f) => !f.dir) as unknown as SizedZipObject[];
  if (files.length > MAX_ENTRIES) throw tooBig();
  const declared = files.reduce((sum, f) => sum + (f._data?.uncompressedSize ?? 0), 0);
  if (declared > MAX_UNCOMPRESSED_BYTES) throw tooBig();
  if (!zip.file('word/document.xml')) throw damaged();
  let total = 0;
  for (const file of files) {
    if (file.name.startsWith('word/media/')) continue;
    await new Promise<void>((resolve, reject) => {
      let stopped = false;
      const stream = file.internalStream('uint8array');
      stream
        .on('data', (chunk: Uint8Array) => {
          total += chunk.length;
          if (total > MAX_UNCOMPRESSED_BYTES && !stopped) {
            stopped = true;
            stream.pause();
            reject(tooBig());
          }
        })
        .on('error', () => {
          if (!stopped) reject(damaged());
          stopped = true;
        })
        .on('end', () => {
          if (!stopped) resolve();
        })
        .resume();
    });
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function toText(html: string): string {
  return (
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
        if (entity[0] === '#') {
          const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
          return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
        }
        return ENTITIES[entity.toLowerCase()] ?? match;
      })
      // runs of ordinary spaces collapse; no-break spaces (French « », ; : ? !) are the author's typography and stay
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}

/** mammoth's HTML → blocks: headings h1–h6, paragraphs and list items, page breaks (mapped to <hr>). */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const pattern = /<(h[1-6]|p|li|td|th)\b[^>]*>([\s\S]*?)<\/\1>|<hr\s*\/?>/gi;
  // Page breaks inside a paragraph come out as <p>text<hr />text</p>: split those first.
  const flat = html.replace(/<p>((?:(?!<\/p>)[\s\S])*?)<hr\s*\/?>/gi, '<p>$1</p><hr /><p>');
  for (const match of flat.matchAll(pattern)) {
    if (!match[1]) {
      blocks.push({ kind: 'page_break' });
      continue;
    }
    const tag = match[1].toLowerCase();
    const inner = match[2];
    if (/<(p|li|h[1-6])\b/i.test(inner) && (tag === 'li' || tag === 'td' || tag === 'th')) {
      blocks.push(...htmlToBlocks(inner));
      continue;
    }
    const text = toText(inner);
    if (tag[0] === 'h') {
      if (text) blocks.push({ kind: 'heading', level: Number(tag[1]), text });
    } else if (text) {
      blocks.push({ kind: 'paragraph', text });
    }
  }
  return blocks;
}

export async function readDocx(buffer: Buffer): Promise<Block[]> {
  await checkArchive(buffer);
  let html: string;
  try {
    const { default: mammoth } = await import('mammoth'); // loaded on first use, not at start
    const result = await mammoth.convertToHtml(
      { buffer },
      {
        styleMap: ["br[type='page'] => hr"],
        // Images are not imported with the text (the workspace has its own photo slots).
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      },
    );
    html = result.value;
  } catch {
    throw damaged();
  }
  return htmlToBlocks(html);
}
