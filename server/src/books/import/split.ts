/** A block of a manuscript, in reading order. */
export type Block = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string } | { kind: 'page_break' };

export interface ImportedChapter {
  name: string | null;
  paragraphs: string[];
}

/** Chapters longer than this (characters) are cut at a paragraph when nothing else marks them. */
export const CHAPTER_TARGET_CHARS = 12_000;
/** More chapters than this are merged so a book stays workable. */
export const MAX_IMPORTED_CHAPTERS = 100;

/**
 * Splits a manuscript into chapters: on its highest heading level used more than once (or at all),
 * else on page breaks, else on length. Empty chapters are dropped; text before the first heading
 * becomes an untitled opening chapter.
 */
export function splitIntoChapters(blocks: Block[]): ImportedChapter[] {
  const levels = [1, 2, 3].filter((level) => blocks.some((b) => b.kind === 'heading' && b.level === level));
  const headingLevel = levels.find((level) => blocks.filter((b) => b.kind === 'heading' && b.level === level).length >= 2) ?? levels[0];
  let chapters: ImportedChapter[];
  if (headingLevel !== undefined) {
    chapters = splitOn(blocks, (b) => b.kind === 'heading' && b.level === headingLevel);
  } else if (blocks.some((b) => b.kind === 'page_break')) {
    chapters = splitOn(blocks, (b) => b.kind === 'page_break');
  } else {
    chapters = [{ name: null, paragraphs: paragraphsOf(blocks) }];
  }
  chapters = chapters.filter((c) => c.paragraphs.length > 0 || c.name);
  chapters = chapters.flatMap((c) => splitByLength(c));
  return mergeTail(chapters.filter((c) => c.paragraphs.some((p) => p.trim() !== '')));
}

function paragraphsOf(blocks: Block[]): string[] {
  // Lower-level headings stay in the text as their own paragraphs.
  return blocks.flatMap((b) => (b.kind === 'page_break' ? [] : [b.text.trim()])).filter(Boolean);
}

function splitOn(blocks: Block[], isBoundary: (b: Block) => boolean): ImportedChapter[] {
  const chapters: ImportedChapter[] = [];
  let current: { name: string | null; blocks: Block[] } = { name: null, blocks: [] };
  for (const block of blocks) {
    if (isBoundary(block)) {
      chapters.push({ name: current.name, paragraphs: paragraphsOf(current.blocks) });
      current = { name: block.kind === 'heading' ? block.text.trim() || null : null, blocks: [] };
    } else {
      current.blocks.push(block);
    }
  }
  chapters.push({ name: current.name, paragraphs: paragraphsOf(current.blocks) });
  return chapters;
}

function splitByLength(chapter: ImportedChapter): ImportedChapter[] {
  const parts: ImportedChapter[] = [];
  let paragraphs: string[] = [];
  let size = 0;
  for (const paragraph of chapter.paragraphs) {
    for (const piece of cutLongParagraph(paragraph)) {
      if (size > 0 && size + piece.length > CHAPTER_TARGET_CHARS) {
        parts.push({ name: parts.length === 0 ? chapter.name : null, paragraphs });
        paragraphs = [];
        size = 0;
      }
      paragraphs.push(piece);
      size += piece.length;
    }
  }
  parts.push({ name: parts.length === 0 ? chapter.name : null, paragraphs });
  return parts;
}

/** A paragraph longer than a chapter is cut at sentence ends (or hard, as a last resort). */
function cutLongParagraph(text: string): string[] {
  if (text.length <= CHAPTER_TARGET_CHARS) return [text];
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > CHAPTER_TARGET_CHARS) {
    const window = rest.slice(0, CHAPTER_TARGET_CHARS);
    const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
    const at = cut > CHAPTER_TARGET_CHARS / 2 ? cut + 1 : CHAPTER_TARGET_CHARS;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Too many chapters: consecutive ones are merged (greedily, by size) until at most MAX remain. */
function mergeTail(chapters: ImportedChapter[]): ImportedChapter[] {
  if (chapters.length <= MAX_IMPORTED_CHAPTERS) return chapters;
  const sizeOf = (c: ImportedChapter) => c.paragraphs.reduce((n, p) => n + p.length, 0) + (c.name?.length ?? 0);
  const total = chapters.reduce((n, c) => n + sizeOf(c), 0);
  const target = (2 * total) / MAX_IMPORTED_CHAPTERS;
  const merged: ImportedChapter[] = [];
  let current: ImportedChapter | null = null;
  let size = 0;
  for (const chapter of chapters) {
    if (current && size + sizeOf(chapter) > target) {
      merged.push(current);
      current = null;
    }
    if (!current) {
      current = { name: chapter.name, paragraphs: [...chapter.paragraphs] };
      size = sizeOf(chapter);
    } else {
      current.paragraphs.push(...(chapter.name ? [chapter.name] : []), ...chapter.paragraphs);
      size += sizeOf(chapter);
    }
  }
  if (current) merged.push(current);
  return merged;
}

/** A manuscript read as a book: its introduction and summary apart from its chapters. */
export interface ImportedBook {
  introduction: string[];
  summary: string[];
  chapters: ImportedChapter[];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();

/** The table of contents' heading, in the four languages and the usual variants. */
const CONTENTS = /^(contents|table of contents|table des matieres|sommaire|indice|tabla de contenidos?|sommario)$/;
/** A chapter's label line ("CHAPTER 3", "Chapitre 3", "Capítulo III", "Capitolo 12: …"), with what follows it. */
const CHAPTER_LABEL = /^(chapter|chapitre|capitulo|capitolo)\s+(\d+|[ivxlc]+)\b\s*[.:—–-]?\s*(.*)$/;
const INTRODUCTION = /^(introduction|introduccion|introduzione|intro|prologue|prologo|foreword|avant-propos|preface|prefacio|prefazione)$/;
const SUMMARY = /^(conclusion|conclusione|conclusiones|summary|resume|resumen|riassunto|sintesi|epilogue|epilogo)$/;
/** A copyright line of a title page. */
const RIGHTS = /^(©|\(c\)\s)|copyright|tous droits reserves|all rights reserved|todos los derechos reservados|tutti i diritti riservati/;

const textOf = (b: Block) => (b.kind === 'page_break' ? '' : fold(b.text));
/** A contents entry: the title, then dot leaders, a tab or spaces and a page number (Word's field), or the bare title. */
const entryTitle = (text: string) => fold(text.replace(/[\s.…·_-]*\t?\s*\d+\s*$/, ''));

/**
 * What a manuscript holds before and around its chapters that is not a chapter: the title page and
 * copyright lines before a table of contents, the table itself (its heading and the entries that
 * repeat later headings), and the "Chapter N" label lines a book file prints above each title.
 * Without heading styles, "Chapter N" lines (and a lone "Introduction" or "Conclusion" line) become
 * the headings.
 */
export function cleanManuscript(input: Block[]): Block[] {
  let blocks = input;
  const contents = blocks.findIndex((b) => b.kind === 'heading' && CONTENTS.test(textOf(b)));
  if (contents >= 0) {
    const later = new Set(
      blocks
        .slice(contents + 1)
        .filter((b) => b.kind === 'heading')
        .map(textOf),
    );
    let end = contents + 1;
    while (
      end < blocks.length &&
      blocks[end]!.kind !== 'heading' &&
      (blocks[end]!.kind === 'page_break' ||
        later.has(entryTitle((blocks[end] as { text: string }).text)) ||
        (CHAPTER_LABEL.test(textOf(blocks[end]!)) && later.size > 0))
    )
      end += 1;
    blocks = blocks.slice(end);
  } else {
    // a title page with a copyright line before the first heading is not an opening chapter
    const first = blocks.findIndex((b) => b.kind === 'heading');
    if (first > 0 && blocks.slice(0, first).some((b) => RIGHTS.test(textOf(b)))) blocks = blocks.slice(first);
  }

  if (!blocks.some((b) => b.kind === 'heading')) blocks = promoteLabels(blocks);

  // "CHAPTER 3" printed just above a chapter's heading
  return blocks.filter((b, i) => {
    const next = blocks[i + 1];
    return !(b.kind === 'paragraph' && next?.kind === 'heading' && CHAPTER_LABEL.test(textOf(b)) && !CHAPTER_LABEL.exec(textOf(b))![3]);
  });
}

/** No heading styles: "Chapter N" lines (with the title after them, or on the next short line) mark the chapters. */
function promoteLabels(blocks: Block[]): Block[] {
  const labels = blocks.filter((b) => b.kind === 'paragraph' && CHAPTER_LABEL.test(textOf(b))).length;
  if (labels < 2) return blocks;
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i]!;
    if (block.kind !== 'paragraph') {
      out.push(block);
      continue;
    }
    const folded = textOf(block);
    const label = CHAPTER_LABEL.exec(folded);
    if (label) {
      const rest = label[3] ? block.text.trim().slice(block.text.trim().length - label[3].length) : '';
      const next = blocks[i + 1];
      if (rest) out.push({ kind: 'heading', level: 1, text: rest });
      else if (next?.kind === 'paragraph' && next.text.length <= 120 && !/[.!?…]$/.test(next.text.trim())) {
        out.push({ kind: 'heading', level: 1, text: next.text.trim() });
        i += 1;
      } else out.push({ kind: 'heading', level: 1, text: block.text.trim() });
    } else if (INTRODUCTION.test(folded) || SUMMARY.test(folded)) {
      out.push({ kind: 'heading', level: 1, text: block.text.trim() });
    } else out.push(block);
  }
  return out;
}

/** Chapters from a cleaned manuscript, without a chapter that repeats an earlier one word for word. */
export function distinctChapters(chapters: ImportedChapter[]): ImportedChapter[] {
  const seen = new Set<string>();
  return chapters.filter((c) => {
    const key = JSON.stringify([c.name && fold(c.name), c.paragraphs.map(fold)]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A manuscript as a book: chapters as `splitIntoChapters` finds them in the cleaned text, except an
 * 'Introduction' (or prologue, foreword…) chapter, which fills the introduction, and a 'Conclusion'
 * or 'Summary' (or epilogue) chapter, which fills the summary — in the four languages.
 */
export function splitIntoBook(blocks: Block[]): ImportedBook {
  const book: ImportedBook = { introduction: [], summary: [], chapters: [] };
  for (const chapter of distinctChapters(splitIntoChapters(cleanManuscript(blocks)))) {
    const name = chapter.name ? fold(chapter.name) : '';
    if (INTRODUCTION.test(name) && !book.introduction.length && !book.chapters.length) book.introduction = chapter.paragraphs;
    else if (SUMMARY.test(name) && !book.summary.length) book.summary = chapter.paragraphs;
    else book.chapters.push(chapter);
  }
  return book;
}
