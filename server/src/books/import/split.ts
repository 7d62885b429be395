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
