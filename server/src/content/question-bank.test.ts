import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@common/constants';
import { CategoryBasedTypeSchema, CategoryLengthTypeSchema, QuestionCategorySchema } from '@common/schemas/catalog';
import { SurveyQuestionSchema } from '@common/schemas/session';
import { isDeeplyFrozen } from '../http/frozen';
import { loadQuestionBank, QuestionBankError, type QuestionBank } from './question-bank';

const CONTENT_DIR = path.resolve('content');
const KINDS = [1, 2, 3] as const;
/** Types with fewer chapters than their kind's long length: the long book is capped at the list (documented in the README). */
const NARROW_TYPES: Record<number, number> = { 202: 12, 502: 9 };
/**
 * Texts allowed to be identical in two languages (key → reason). Kept empty on purpose: every text is
 * written natively; add an entry here only for a very short proper noun.
 */
const IDENTICAL_ALLOWED: Record<string, string> = {};

let bank: QuestionBank;
beforeAll(() => {
  bank = loadQuestionBank(CONTENT_DIR);
});

/** The language-independent shape of everything the bank answers. */
function structureOf(lng: Language) {
  return {
    survey: bank.surveyQuestions(lng).map((q) => ({ id: q.id, answers: q.survey_answers.map((a) => a.id) })),
    kinds: [...KINDS, 4].map((gc) => ({
      types: bank.categoryBasedTypes(gc, lng).map((t) => [t.id, t.group_id, t.is_group_title]),
      lengths: bank.categoryLengthTypes(gc, lng).map((l) => [l.id, l.new_book, l.chapter_count]),
      chapters: bank.questionCategories(gc, lng).map((c) => ({ id: c.id, questions: c.questions.map((q) => [q.id, q.sensitivity, q.essential]) })),
    })),
  };
}

/** Every text of one language keyed by a stable id; nudges of a question are kept as one set per question. */
function textsOf(lng: Language): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const q of bank.surveyQuestions(lng)) {
    texts.set(`survey:${q.id}`, [q.name]);
    for (const a of q.survey_answers) texts.set(`answer:${a.id}`, [a.name]);
  }
  for (const gc of KINDS) {
    for (const t of bank.categoryBasedTypes(gc, lng)) {
      texts.set(`type:${t.id}:name`, [t.name]);
      texts.set(`type:${t.id}:description`, [t.description]);
    }
    for (const l of bank.categoryLengthTypes(gc, lng)) {
      texts.set(`length:${l.id}:name`, [l.name]);
      texts.set(`length:${l.id}:description`, [l.description]);
    }
    for (const c of bank.questionCategories(gc, lng)) {
      texts.set(`chapter:${c.id}`, [c.name]);
      for (const q of c.questions) {
        texts.set(`question:${q.id}`, [q.name]);
        texts.set(`nudges:${q.id}`, q.nudges);
      }
    }
  }
  return texts;
}

describe('question bank content', () => {
  it('has exactly the same structure in every language', () => {
    const reference = structureOf('en');
    for (const lng of LANGUAGES) expect(structureOf(lng), lng).toEqual(reference);
  });

  it('has no empty, whitespace-only or padded text anywhere', () => {
    for (const lng of LANGUAGES) {
      for (const [key, values] of textsOf(lng)) {
        for (const text of values) {
          expect(text, `${lng} ${key}`).toMatch(/\S/);
          expect(text, `${lng} ${key}`).toBe(text.trim());
        }
      }
    }
  });

  it('has no text copied from another language for the same id', () => {
    const all = new Map(LANGUAGES.map((lng) => [lng, textsOf(lng)]));
    const copies: string[] = [];
    for (const [i, a] of LANGUAGES.entries()) {
      for (const b of LANGUAGES.slice(i + 1)) {
        for (const [key, texts] of all.get(a)!) {
          const other = new Set(all.get(b)!.get(key) ?? []);
          for (const text of texts) if (other.has(text) && !(key in IDENTICAL_ALLOWED)) copies.push(`${a}/${b} ${key}: ${text}`);
        }
      }
    }
    expect(copies).toEqual([]);
  });

  it('never uses "(e)"-style or slash gender forms', () => {
    for (const lng of LANGUAGES) {
      for (const [key, values] of textsOf(lng)) {
        for (const text of values) expect(text, `${lng} ${key}`).not.toMatch(/\(\p{L}{1,3}\)|\p{L}\/\p{L}{1,3}\b|·\p{L}/u);
      }
    }
  });

  it('holds at least 60 distinct chapters and 350 distinct questions per language', () => {
    for (const lng of LANGUAGES) {
      const chapters = KINDS.flatMap((gc) => bank.questionCategories(gc, lng));
      const questions = chapters.flatMap((c) => c.questions);
      expect(new Set(chapters.map((c) => c.id)).size, lng).toBe(chapters.length);
      expect(new Set(questions.map((q) => q.id)).size, lng).toBe(questions.length);
      expect(chapters.length, lng).toBeGreaterThanOrEqual(60);
      expect(questions.length, lng).toBeGreaterThanOrEqual(350);
    }
  });

  it('gives every chapter 4 to 8 questions, each with 2 or 3 nudges, and 2 to 4 essential ones that are never high-sensitivity', () => {
    for (const lng of LANGUAGES) {
      for (const gc of KINDS) {
        for (const chapter of bank.questionCategories(gc, lng)) {
          expect(() => QuestionCategorySchema.parse(chapter)).not.toThrow();
          expect(chapter.questions.length, `${lng} chapter ${chapter.id}`).toBeGreaterThanOrEqual(4);
          expect(chapter.questions.length, `${lng} chapter ${chapter.id}`).toBeLessThanOrEqual(8);
          for (const q of chapter.questions) {
            expect(q.nudges.length, `${lng} question ${q.id}`).toBeGreaterThanOrEqual(2);
            expect(q.nudges.length, `${lng} question ${q.id}`).toBeLessThanOrEqual(3);
          }
          const essentials = chapter.questions.filter((q) => q.essential);
          expect(essentials.length, `chapter ${chapter.id}`).toBeGreaterThanOrEqual(2);
          expect(essentials.length, `chapter ${chapter.id}`).toBeLessThanOrEqual(4);
          expect(essentials.filter((q) => q.sensitivity === 'high'), `chapter ${chapter.id}`).toEqual([]);
        }
      }
    }
  });

  it('covers the four roles (scene, insight, practice, reader) in every self-development chapter', () => {
    const structure = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, 'question-bank', 'structure.json'), 'utf8'));
    const selfDevelopment = structure.kinds.find((k: { general_category_id: number }) => k.general_category_id === 3);
    expect(selfDevelopment.chapters.length).toBeGreaterThan(0);
    for (const chapter of selfDevelopment.chapters as { id: number; questions: { role?: string }[] }[]) {
      expect(new Set(chapter.questions.map((q) => q.role)), `chapter ${chapter.id}`).toEqual(new Set(['scene', 'insight', 'practice', 'reader']));
    }
  });

  it('never raises death, regrets or last words in the chapters of an in-memoriam book', () => {
    const forbidden: Record<Language, RegExp> = {
      en: /\b(death|dead|died|dying|funeral|grave|regrets?|last words|cop(e|ing))\b/i,
      fr: /\b(mort|morte|décès|décédée?|funérailles|obsèques|tombe|regrets?|derniers mots)\b/i,
      es: /\b(muerte|muerto|muerta|murió|fallec\p{L}*|funeral|entierro|tumba|arrepent\p{L}*|últimas palabras)\b/iu,
      it: /\b(morte|morto|morta|decesso|funerale|tomba|rimpiant\p{L}*|ultime parole)\b/iu,
    };
    for (const lng of LANGUAGES) {
      const lengths = bank.categoryLengthTypes(2, lng);
      const longest = lengths.filter((l) => l.new_book).sort((a, b) => b.chapter_count - a.chapter_count)[0];
      const chapters = bank.chaptersFor({ generalCategoryId: 2, typeIds: [501], lengthTypeId: longest.id, lng });
      for (const c of chapters) {
        for (const text of [c.name, ...c.questions.flatMap((q) => [q.name, ...q.nudges])]) expect(text, `${lng} chapter ${c.id}`).not.toMatch(forbidden[lng]);
      }
    }
  });
});

describe('category lookups', () => {
  it('lists group title rows followed by their types, with ids unique across groups, types and kinds', () => {
    const seen = new Set<number>();
    for (const gc of KINDS) {
      const rows = bank.categoryBasedTypes(gc, 'en');
      expect(rows[0].is_group_title).toBe(true);
      let currentGroup = -1;
      for (const row of rows) {
        expect(() => CategoryBasedTypeSchema.parse(row)).not.toThrow();
        expect(row.is_selected).toBe(false);
        expect(seen.has(row.id), `duplicate id ${row.id}`).toBe(false);
        seen.add(row.id);
        if (row.is_group_title) {
          expect(row.group_id).toBe(row.id);
          currentGroup = row.id;
        } else {
          expect(row.group_id).toBe(currentGroup);
        }
      }
      expect(rows.filter((r) => !r.is_group_title).length).toBeGreaterThan(0);
    }
  });

  it('offers short, standard and long new-book lengths and a one-chapter existing-book length for each kind', () => {
    for (const gc of KINDS) {
      const lengths = bank.categoryLengthTypes(gc, 'fr');
      for (const l of lengths) {
        expect(() => CategoryLengthTypeSchema.parse(l)).not.toThrow();
        expect(l.is_selected).toBe(false);
      }
      expect(new Set(lengths.map((l) => l.id)).size).toBe(lengths.length);
      const newBook = lengths.filter((l) => l.new_book).map((l) => l.chapter_count);
      expect(newBook.length).toBe(3);
      expect([...newBook].sort((a, b) => a - b)).toEqual(newBook);
      expect(lengths.some((l) => !l.new_book && l.chapter_count === 1)).toBe(true);
    }
  });

  it('answers nothing for the inactive category 4', () => {
    for (const lng of LANGUAGES) {
      expect(bank.categoryBasedTypes(4, lng)).toEqual([]);
      expect(bank.categoryLengthTypes(4, lng)).toEqual([]);
      expect(bank.questionCategories(4, lng)).toEqual([]);
      expect(bank.chaptersFor({ generalCategoryId: 4, typeIds: [101], lengthTypeId: 11, lng })).toEqual([]);
    }
  });
});

describe('chaptersFor', () => {
  it('gives every type enough chapters for each length of its kind (narrow types capped at their documented size)', () => {
    for (const gc of KINDS) {
      const lengths = bank.categoryLengthTypes(gc, 'en');
      const standard = lengths.filter((l) => l.new_book).map((l) => l.chapter_count).sort((a, b) => a - b)[1];
      const kindChapterIds = new Set(bank.questionCategories(gc, 'en').map((c) => c.id));
      for (const type of bank.categoryBasedTypes(gc, 'en').filter((t) => !t.is_group_title)) {
        const cap = NARROW_TYPES[type.id] ?? Infinity;
        expect(cap, `type ${type.id}`).toBeGreaterThanOrEqual(standard);
        for (const length of lengths) {
          const chapters = bank.chaptersFor({ generalCategoryId: gc, typeIds: [type.id], lengthTypeId: length.id, lng: 'en' });
          expect(chapters.length, `type ${type.id}, length ${length.id}`).toBe(Math.min(length.chapter_count, cap));
          expect(new Set(chapters.map((c) => c.id)).size, `type ${type.id}, length ${length.id}`).toBe(chapters.length);
          for (const c of chapters) expect(kindChapterIds.has(c.id)).toBe(true);
        }
      }
    }
  });

  it('returns the chapters in the requested language, with the requested count', () => {
    for (const lng of LANGUAGES) {
      const byId = new Map(bank.questionCategories(1, lng).map((c) => [c.id, c]));
      const chapters = bank.chaptersFor({ generalCategoryId: 1, typeIds: [101], lengthTypeId: 12, lng });
      expect(chapters.length).toBe(10);
      for (const c of chapters) expect(c).toEqual(byId.get(c.id));
    }
    const en = bank.chaptersFor({ generalCategoryId: 3, typeIds: [702], lengthTypeId: 31, lng: 'en' });
    const it_ = bank.chaptersFor({ generalCategoryId: 3, typeIds: [702], lengthTypeId: 31, lng: 'it' });
    expect(it_.map((c) => c.id)).toEqual(en.map((c) => c.id));
    expect(it_.map((c) => c.name)).not.toEqual(en.map((c) => c.name));
    expect(it_[0].questions[0].name).not.toBe(en[0].questions[0].name);
  });

  it('uses the first type of the list that belongs to the category, and rejects unknown types and lengths', () => {
    const direct = bank.chaptersFor({ generalCategoryId: 2, typeIds: [302], lengthTypeId: 21, lng: 'es' });
    const viaList = bank.chaptersFor({ generalCategoryId: 2, typeIds: [999, 302, 301], lengthTypeId: 21, lng: 'es' });
    expect(viaList).toEqual(direct);
    expect(() => bank.chaptersFor({ generalCategoryId: 2, typeIds: [101], lengthTypeId: 21, lng: 'es' })).toThrow(/type/);
    expect(() => bank.chaptersFor({ generalCategoryId: 2, typeIds: [301], lengthTypeId: 11, lng: 'es' })).toThrow(/length/);
  });

  it('hands out copies that callers may change freely', () => {
    const first = bank.chaptersFor({ generalCategoryId: 1, typeIds: [203], lengthTypeId: 11, lng: 'fr' });
    const original = first[0].questions[0].name;
    first[0].questions[0].name = 'changed';
    first[0].questions.pop();
    const again = bank.chaptersFor({ generalCategoryId: 1, typeIds: [203], lengthTypeId: 11, lng: 'fr' });
    expect(again[0].questions[0].name).toBe(original);
    expect(again[0].questions.length).toBe(first[0].questions.length + 1);
  });

  it('answers the lookups frozen, so no caller can change what the next request sends', () => {
    const types = bank.categoryBasedTypes(1, 'fr');
    expect(() => (types[0].is_selected = true)).toThrow(TypeError);
    expect(() => bank.categoryLengthTypes(1, 'fr').pop()).toThrow(TypeError);
    const chapters = bank.questionCategories(1, 'fr');
    expect(() => (chapters[0].questions[0].nudges[0] = 'changed')).toThrow(TypeError);
    expect(() => chapters[0].questions.pop()).toThrow(TypeError);
    expect(bank.categoryBasedTypes(1, 'fr')[0].is_selected).toBe(false);
    // frozen all the way down as http/frozen.ts knows it, so the serializer makes their JSON once
    for (const lookup of [types, bank.categoryLengthTypes(1, 'fr'), chapters]) expect(isDeeplyFrozen(lookup)).toBe(true);
    // A new book's chapters are its own even though the lookups share theirs.
    const own = bank.chaptersFor({ generalCategoryId: 1, typeIds: [203], lengthTypeId: 11, lng: 'fr' });
    own[0].questions[0].nudges.push('mine');
    expect(Object.isFrozen(own[0].questions[0])).toBe(false);
  });
});

describe('surveyQuestions', () => {
  it('asks the writing style first and the reader profile second, then person, tense and tone', () => {
    const en = bank.surveyQuestions('en');
    expect(en.map((q) => q.name)).toEqual(['Writing style', 'Who are you writing for?', 'Narrative voice', 'Tense', 'Tone']);
    expect(en[0].survey_answers.map((a) => a.name)).toContain('Literary, with care for every sentence');
    expect(en[1].survey_answers.map((a) => a.name)).toContain('My family');
    for (const lng of LANGUAGES) {
      const questions = bank.surveyQuestions(lng);
      expect(questions.map((q) => q.id)).toEqual(en.map((q) => q.id));
      for (const q of questions) {
        expect(() => SurveyQuestionSchema.parse(q)).not.toThrow();
        expect(q.survey_answers.length).toBeGreaterThanOrEqual(2);
        expect(q.survey_answers.every((a) => a.is_selected === false)).toBe(true);
      }
    }
  });
});

describe('loadQuestionBank on a corrupted bank', () => {
  const tmpDirs: string[] = [];
  afterAll(() => {
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the real bank in a temp content dir, with one file changed by `edit`. */
  // The edits poke at raw, unvalidated JSON on purpose.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function brokenCopy(file: string, edit: (json: any) => unknown): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bank-'));
    tmpDirs.push(dir);
    fs.cpSync(path.join(CONTENT_DIR, 'question-bank'), path.join(dir, 'question-bank'), { recursive: true });
    const target = path.join(dir, 'question-bank', file);
    const json = JSON.parse(fs.readFileSync(target, 'utf8'));
    const result = edit(json);
    fs.writeFileSync(target, typeof result === 'string' ? result : JSON.stringify(json));
    return dir;
  }

  function expectRejected(dir: string, pattern: RegExp): void {
    let error: unknown;
    try {
      loadQuestionBank(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(QuestionBankError);
    expect((error as Error).message).toMatch(pattern);
  }

  it('loads an untouched copy', () => {
    const dir = brokenCopy('structure.json', () => undefined);
    expect(loadQuestionBank(dir).questionCategories(1, 'en').length).toBeGreaterThan(0);
  });

  it('rejects an empty question text, naming the file and the path', () => {
    const dir = brokenCopy('fr/autobiography.json', (j) => {
      j.chapters['1101'].questions['11011'].text = '   ';
    });
    expectRejected(dir, /fr\/autobiography\.json at chapters\.1101\.questions\.11011\.text/);
  });

  it('rejects a question with a single nudge', () => {
    const dir = brokenCopy('es/another-person.json', (j) => {
      j.chapters['2101'].questions['21011'].nudges = ['Solo una.'];
    });
    expectRejected(dir, /es\/another-person\.json at chapters\.2101\.questions\.21011\.nudges.*2 or 3 nudges/);
  });

  it('rejects a language missing a question the structure declares', () => {
    const dir = brokenCopy('it/self-development.json', (j) => {
      delete j.chapters['3101'].questions['31012'];
    });
    expectRejected(dir, /it\/self-development\.json.*missing text for question 31012/);
  });

  it('rejects a text with an id the structure does not know', () => {
    const dir = brokenCopy('en/common.json', (j) => {
      j.types['999'] = { name: 'Stray', description: 'Not in the structure.' };
    });
    expectRejected(dir, /en\/common\.json at types\.999/);
  });

  it('rejects malformed JSON', () => {
    const dir = brokenCopy('fr/common.json', () => '{ "groups": ');
    expectRejected(dir, /fr\/common\.json/);
  });

  it('rejects a chapter with fewer than 4 questions in the structure', () => {
    const dir = brokenCopy('structure.json', (j) => {
      j.kinds[0].chapters[0].questions.splice(3);
    });
    expectRejected(dir, /structure\.json at kinds\.0\.chapters\.0\.questions.*4 to 8/);
  });

  it('rejects a type without enough chapters for the longest length', () => {
    const dir = brokenCopy('structure.json', (j) => {
      const type = j.kinds[0].groups[0].types[0];
      type.chapters = type.chapters.slice(0, 12);
      delete type.picks;
    });
    expectRejected(dir, /structure\.json at kinds\.0\.groups\.0\.types\.0\.chapters.*longest length needs 14/);
  });

  it('rejects a self-development chapter missing one of the four roles', () => {
    const dir = brokenCopy('structure.json', (j) => {
      const chapter = j.kinds[2].chapters[0];
      for (const q of chapter.questions) if (q.role === 'reader') q.role = 'scene';
    });
    expectRejected(dir, /structure\.json at kinds\.2\.chapters\.0.*"reader"/);
  });

  it('rejects a missing language folder', () => {
    const dir = brokenCopy('structure.json', () => undefined);
    fs.rmSync(path.join(dir, 'question-bank', 'es'), { recursive: true });
    expectRejected(dir, /question-bank\/es.*missing language folder/);
  });
});
