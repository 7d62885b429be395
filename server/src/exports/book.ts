import { LANGUAGES, type Language } from '@common/constants';
import { COVER_IMAGE_KEY, chapterPhotoKey } from '@common/schemas/workspace';
import type { BookCredit } from '@common/schemas/family';
import type { CheckpointData } from '@common/schemas/session';
import { typographic } from '@common/rules/typography';
import type { Translate } from '../http/messages';
import type { BookImage } from './images';
import { chapterParagraphs, cleanLine, paragraphsOf } from './text';

/** The words every book file prints around the author's text, in the book's language. */
export interface BookLabels {
  contents: string;
  introduction: string;
  summary: string;
  /** "Chapter {{n}}" */
  chapter: (n: number) => string;
  /** "by {{author}}" line of the title page; empty author → empty string */
  byline: (author: string) => string;
  /** Cover photo alternative text / caption-free description. */
  coverAlt: string;
  photoAlt: (chapter: string) => string;
  rights: (author: string, year: number) => string;
  madeWith: string;
  untitled: string;
  /** The contributors' page's title: "With memories from". */
  contributors: string;
  /** One contributor's line: "Marie, my sister". */
  contributor: (name: string, relation: string) => string;
}

export interface BookChapter {
  id: number;
  /** Ordinal among printed chapters, from 1. */
  number: number;
  title: string;
  paragraphs: string[];
  photos: BookImage[];
}

/** A book ready to typeset: cleaned text (never markup), images, labels. */
export interface BookContent {
  language: Language;
  title: string;
  author: string;
  synopsis: string;
  introduction: string[];
  summary: string[];
  chapters: BookChapter[];
  cover: BookImage | null;
  labels: BookLabels;
  year: number;
  /** The contributors' page, one line each ("Marie, my sister"); empty: no such page. */
  contributors: string[];
}

export function bookLabels(translate: Translate, lng: Language): BookLabels {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lng, key, params, 'book');
  return {
    contents: t('contents'),
    introduction: t('introduction'),
    summary: t('summary'),
    chapter: (n) => t('chapter', { n }),
    byline: (author) => (author ? t('byline', { author }) : ''),
    coverAlt: t('cover_alt'),
    photoAlt: (chapter) => t('photo_alt', { chapter }),
    rights: (author, year) => t('rights', { author, year }),
    madeWith: t('made_with'),
    untitled: t('untitled'),
    contributors: t('contributors'),
    contributor: (name, relation) => t('contributor', { name, relation }),
  };
}

export interface BookSource {
  book_name: string;
  introduction: string;
  book_summary: string;
  language: string;
  checkpoint: CheckpointData;
  author: string;
  /** The relatives whose memories the author accepted or quoted (issue 19): credited on a page of their own. */
  credits?: BookCredit[];
}

/**
 * Gathers the printable book: chapters with content, in their order; the chapter photos present
 * in `images` (keys of spec section 3); introduction and summary when written.
 */
export function buildBookContent(source: BookSource, images: Map<string, BookImage>, labels: BookLabels): BookContent {
  const language = (LANGUAGES as readonly string[]).includes(source.checkpoint.language ?? '')
    ? (source.checkpoint.language as Language)
    : (LANGUAGES as readonly string[]).includes(source.language)
      ? (source.language as Language)
      : 'en';
  const typo = (text: string) => typographic(text, language);
  const chapters: BookChapter[] = [];
  for (const chapter of source.checkpoint.data) {
    const paragraphs = chapterParagraphs(chapter).map(typo);
    const photos = [0, 1].map((slot) => images.get(chapterPhotoKey(chapter.id, slot as 0 | 1))).filter((i): i is BookImage => Boolean(i));
    if (!paragraphs.length && !photos.length) continue;
    chapters.push({
      id: chapter.id,
      number: chapters.length + 1,
      title: typo(cleanLine(chapter.name)) || labels.chapter(chapters.length + 1),
      paragraphs,
      photos,
    });
  }
  return {
    language,
    title: typo(cleanLine(source.book_name)) || labels.untitled,
    author: typo(cleanLine(source.author)),
    synopsis: typo(cleanLine(source.checkpoint.another_story_subject)),
    introduction: paragraphsOf(source.introduction).map(typo),
    summary: paragraphsOf(source.book_summary).map(typo),
    chapters,
    cover: images.get(COVER_IMAGE_KEY) ?? null,
    labels,
    year: new Date().getFullYear(),
    contributors: (source.credits ?? [])
      .map((credit) => typo(labels.contributor(cleanLine(credit.name), cleanLine(credit.relation))))
      .filter((line) => line.trim() !== ''),
  };
}
