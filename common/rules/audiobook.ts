import { audiobookPrice } from './prices';

/** One track of the audiobook: what is read aloud, in order (its title is read first). */
export interface AudiobookSection {
  title: string;
  paragraphs: string[];
}

/** What the book file holds, in its cleaned form (server/src/exports/book.ts buildBookContent). */
export interface AudiobookSource {
  title: string;
  introduction: string[];
  chapters: Array<{ title: string; paragraphs: string[] }>;
  summary: string[];
  labels: { introduction: string; summary: string };
}

/**
 * The audiobook reads what the book file holds: the title with the introduction, each chapter under
 * its title, then the summary. Each becomes one track (one MP3, one chapter marker).
 */
export function audiobookSections(book: AudiobookSource): AudiobookSection[] {
  const sections: AudiobookSection[] = [{ title: book.title, paragraphs: [book.title, ...book.introduction] }];
  for (const chapter of book.chapters) sections.push({ title: chapter.title, paragraphs: [chapter.title, ...chapter.paragraphs] });
  if (book.summary.length) sections.push({ title: book.labels.summary, paragraphs: [book.labels.summary, ...book.summary] });
  return sections;
}

/** checkAudiobookQuota's `characters_needed`: every character read aloud. */
export function charactersNeeded(sections: AudiobookSection[]): number {
  return sections.reduce((sum, section) => sum + section.paragraphs.reduce((n, p) => n + p.length, 0), 0);
}

/** The price of reading these sections (spec section 9), in euros. */
export const audiobookPriceOf = (sections: AudiobookSection[]) => audiobookPrice(charactersNeeded(sections));

/** A count with spaces as thousands separators (spec: '12 345 characters'). */
export const formatCount = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
