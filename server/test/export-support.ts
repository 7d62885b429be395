import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Language } from '@common/constants';
import type { BookCredit } from '@common/schemas/family';
import { createTranslator } from '../src/http/messages';
import { ROOT_DIR } from '../src/config';
import { bookLabels, buildBookContent, type BookContent } from '../src/exports/book';
import { makeBookImage, sampleBook } from './sample-books';
import type { BookImage } from '../src/exports/images';

export const run = promisify(execFile);
export const translate = createTranslator(path.join(ROOT_DIR, 'locales'));

/** A book content of a sample book, with a cover and `photos` photos per chapter. */
export function fixtureContent(
  language: Language,
  options: {
    chapters?: number;
    wordsPerChapter?: number;
    hostile?: boolean;
    photos?: 0 | 1 | 2;
    cover?: boolean;
    credits?: BookCredit[];
  } = {},
): BookContent {
  const source = sampleBook(language, options);
  const images = new Map<string, BookImage>();
  if (options.cover !== false) images.set('cover_media_photo', makeBookImage(480, 640, 3));
  const photos = options.photos ?? 2;
  source.checkpoint.data.forEach((chapter, index) => {
    if (photos >= 1) images.set(`chap_${chapter.id}_media_0`, makeBookImage(640, 420, index + 1));
    if (photos >= 2) images.set(`chap_${chapter.id}_media_1`, makeBookImage(420, 560, index + 9));
  });
  return buildBookContent({ ...source, author: 'Zoë Ñúñez-Œlsen', credits: options.credits }, images, bookLabels(translate, language));
}

export function tempFile(name: string, data: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-export-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

/**
 * EPUBCheck (Debian's epubcheck.jar) on several EPUBs in one JVM: per file, valid or not, plus the
 * ERROR/FATAL lines printed. One JVM instead of one per book keeps the test fast on busy machines.
 */
export async function epubcheck(books: Buffer[]): Promise<{ valid: boolean[]; messages: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-epubcheck-'));
  const files = books.map((data, index) => {
    const file = path.join(dir, `book-${index}.epub`);
    fs.writeFileSync(file, data);
    return file;
  });
  try {
    const tool = path.join(import.meta.dirname, 'tools/EpubCheckMany.java');
    const { stdout, stderr } = await run('java', ['-cp', '/usr/share/java/epubcheck.jar', tool, ...files], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout: string; stderr: string }) => error);
    const lines = `${stdout}\n${stderr}`.split('\n');
    return {
      valid: files.map((file) => lines.includes(`VALID ${file}`)),
      messages: lines.filter((line) => /^(FATAL|ERROR)/.test(line)),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** pdftotext output with hyphenated line ends joined and no-break spaces as spaces. */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number; qpdf: string }> {
  const file = tempFile('book.pdf', pdf);
  try {
    const [{ stdout: text }, { stdout: info }, qpdf] = await Promise.all([
      run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 }),
      run('pdfinfo', [file]),
      run('qpdf', ['--check', file]).then(
        (r) => r.stdout,
        (error: { stdout: string; stderr: string }) => `FAILED ${error.stdout} ${error.stderr}`,
      ),
    ]);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
    return {
      text: text
        .replace(/-\n/g, '')
        .replace(/[\u00A0\u202F]/g, ' ')
        .replace(/\s+/g, ' '),
      pages,
      qpdf,
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
