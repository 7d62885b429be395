import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES, type Language } from '@common/constants';
import type { BankQuestion, CategoryBasedType, CategoryLengthType, QuestionCategory } from '@common/schemas/catalog';
import { SurveyRoleSchema, type SurveyQuestion } from '@common/schemas/session';
import { deepFreeze } from '../http/frozen';

/**
 * The question bank (content/question-bank/): chapters and guided questions per kind of book,
 * written natively in every language, loaded once and schema-checked at start.
 */
export interface QuestionBank {
  /** Survey questions: [0] writing style, [1] reader profile, then person, tense, tone… */
  surveyQuestions(lng: Language): SurveyQuestion[];
  // The three lookups below answer the bank's own objects, deep-frozen (shared by every request: a
  // copy per request was a fifth of the lookups call's CPU; frozen so, their JSON is made once by the
  // response serializer); chaptersFor and surveyQuestions copy.
  /** Group title rows followed by their types, for one general category. */
  categoryBasedTypes(generalCategoryId: number, lng: Language): CategoryBasedType[];
  /** Length types of one general category: new-book ones (short, standard, long) and existing-book ones. */
  categoryLengthTypes(generalCategoryId: number, lng: Language): CategoryLengthType[];
  /** Every chapter (with its questions) of one general category, for the lookups call. */
  questionCategories(generalCategoryId: number, lng: Language): QuestionCategory[];
  /** The chapters of a new book: for its first type and its length type, in order. */
  chaptersFor(input: { generalCategoryId: number; typeIds: number[]; lengthTypeId: number; lng: Language }): QuestionCategory[];
}

// ---------------------------------------------------------------------------------------------
// Implementation. Layout of content/question-bank/ (see its README.md):
//   structure.json        ids, order, sensitivity, essential flags, roles, which chapters each type uses
//   {lng}/*.json          the texts of one language, keyed by the ids of structure.json
// Every language must give a text for every id and nothing else, so "same structure in every
// language" holds by construction; the loader refuses the bank otherwise.
// ---------------------------------------------------------------------------------------------

/** Thrown when the bank's files are missing, malformed or inconsistent; names the file and the path in it. */
export class QuestionBankError extends Error {
  constructor(
    readonly file: string,
    readonly at: string,
    problem: string,
  ) {
    super(`Invalid question bank: ${file}${at ? ` at ${at}` : ''}: ${problem}`);
    this.name = 'QuestionBankError';
  }
}

const Id = z.number().int().positive();
const IdKey = z.string().regex(/^[1-9]\d*$/, 'keys must be numeric ids');
const Text = z.string().regex(/\S/, 'text must not be empty or whitespace only');
const Sensitivity = z.enum(['low', 'medium', 'high']);
const Role = z.enum(['scene', 'insight', 'practice', 'reader']);
const KindName = z.enum(['autobiography', 'another_person', 'self_development']);
const SurveyRole = SurveyRoleSchema;

const StructureSchema = z.strictObject({
  survey_questions: z.array(z.strictObject({ id: Id, role: SurveyRole, answers: z.array(Id).min(2) })).min(2),
  kinds: z
    .array(
      z.strictObject({
        general_category_id: Id,
        kind: KindName,
        lengths: z.array(z.strictObject({ id: Id, new_book: z.boolean(), chapter_count: z.number().int().positive() })).min(1),
        groups: z
          .array(
            z.strictObject({
              id: Id,
              types: z
                .array(
                  z.strictObject({
                    id: Id,
                    /** Fewer chapters than the kind's longest length: that length is capped at the list. */
                    narrow: z.boolean().optional(),
                    /** Ordered chapter ids; a length takes the first N unless picks names its own selection. */
                    chapters: z.array(Id).min(1),
                    /** Length id → the chapters of that length, in order (a curated subset of `chapters`). */
                    picks: z.record(IdKey, z.array(Id)).optional(),
                  }),
                )
                .min(1),
            }),
          )
          .min(1),
        chapters: z
          .array(
            z.strictObject({
              id: Id,
              questions: z
                .array(z.strictObject({ id: Id, sensitivity: Sensitivity, essential: z.boolean(), role: Role.optional() }))
                .min(4, 'a chapter needs 4 to 8 questions')
                .max(8, 'a chapter needs 4 to 8 questions'),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
type Structure = z.infer<typeof StructureSchema>;
type StructureKind = Structure['kinds'][number];
type StructureType = StructureKind['groups'][number]['types'][number];

const NameDescription = z.strictObject({ name: Text, description: Text });
const TextsFileSchema = z.strictObject({
  survey_questions: z.record(IdKey, z.strictObject({ name: Text, answers: z.record(IdKey, Text) })).optional(),
  groups: z.record(IdKey, NameDescription).optional(),
  types: z.record(IdKey, NameDescription).optional(),
  lengths: z.record(IdKey, NameDescription).optional(),
  chapters: z
    .record(
      IdKey,
      z.strictObject({
        name: Text,
        questions: z.record(IdKey, z.strictObject({ text: Text, nudges: z.array(Text).min(2, 'each question needs 2 or 3 nudges').max(3, 'each question needs 2 or 3 nudges') })),
      }),
    )
    .optional(),
});
type TextsFile = z.infer<typeof TextsFileSchema>;
type Section = keyof TextsFile;

/** Merged texts of one language, each entry remembering the file it came from (for error messages). */
interface LanguageTexts {
  survey_questions: Map<number, { file: string; name: string; answers: Record<string, string> }>;
  groups: Map<number, { file: string; name: string; description: string }>;
  types: Map<number, { file: string; name: string; description: string }>;
  lengths: Map<number, { file: string; name: string; description: string }>;
  chapters: Map<number, { file: string; name: string; questions: Record<string, { text: string; nudges: string[] }> }>;
}

function readJson<T>(file: string, rel: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new QuestionBankError(rel, '', err instanceof Error ? err.message : String(err));
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new QuestionBankError(rel, issue.path.map(String).join('.') || '(root)', issue.message);
  }
  return parsed.data;
}

function readLanguage(bankDir: string, lng: string): LanguageTexts {
  const dir = path.join(bankDir, lng);
  const relDir = `content/question-bank/${lng}`;
  if (!fs.existsSync(dir)) throw new QuestionBankError(relDir, '', 'missing language folder');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  if (files.length === 0) throw new QuestionBankError(relDir, '', 'no .json text files');
  const texts: LanguageTexts = { survey_questions: new Map(), groups: new Map(), types: new Map(), lengths: new Map(), chapters: new Map() };
  for (const name of files) {
    const rel = `${relDir}/${name}`;
    const data = readJson(path.join(dir, name), rel, TextsFileSchema);
    for (const section of Object.keys(texts) as Section[]) {
      const entries = data[section];
      if (!entries) continue;
      const target = texts[section] as Map<number, { file: string }>;
      for (const [key, value] of Object.entries(entries)) {
        const previous = target.get(Number(key));
        if (previous) throw new QuestionBankError(rel, `${section}.${key}`, `duplicate id, already given in ${previous.file}`);
        target.set(Number(key), { file: rel, ...value });
      }
    }
  }
  return texts;
}

function sameIds(actual: Iterable<string | number>, expected: Iterable<number>): { missing: number[]; extra: number[] } {
  const a = new Set([...actual].map(Number));
  const e = new Set(expected);
  return { missing: [...e].filter((id) => !a.has(id)), extra: [...a].filter((id) => !e.has(id)) };
}

/** Semantic checks of structure.json beyond its schema. */
function checkStructure(s: Structure): void {
  const rel = 'content/question-bank/structure.json';
  const fail = (at: string, problem: string): never => {
    throw new QuestionBankError(rel, at, problem);
  };
  if (s.survey_questions[0].role !== 'style') fail('survey_questions.0.role', 'the first survey question must be the writing style');
  if (s.survey_questions[1].role !== 'reader') fail('survey_questions.1.role', 'the second survey question must be the reader profile');
  const surveyIds = new Set<number>();
  s.survey_questions.forEach((q, i) =>
    [q.id, ...q.answers].forEach((id) => {
      if (surveyIds.has(id)) fail(`survey_questions.${i}`, `duplicate survey id ${id}`);
      surveyIds.add(id);
    }),
  );
  const unique = (label: string) => {
    const seen = new Set<number>();
    return (id: number, at: string) => {
      if (seen.has(id)) fail(at, `duplicate ${label} id ${id}`);
      seen.add(id);
    };
  };
  const kindId = unique('general category');
  const typeId = unique('group or type');
  const lengthId = unique('length type');
  const chapterId = unique('chapter');
  const questionId = unique('question');
  s.kinds.forEach((kind, k) => {
    const at = `kinds.${k}`;
    kindId(kind.general_category_id, `${at}.general_category_id`);
    kind.lengths.forEach((l, i) => lengthId(l.id, `${at}.lengths.${i}.id`));
    const newBookCounts = kind.lengths.filter((l) => l.new_book).map((l) => l.chapter_count).sort((a, b) => a - b);
    const longest = newBookCounts.at(-1) ?? 0;
    const secondLongest = newBookCounts.at(-2) ?? longest;
    const chapterIds = new Set<number>();
    kind.chapters.forEach((c, i) => {
      const cat = `${at}.chapters.${i}`;
      chapterId(c.id, `${cat}.id`);
      chapterIds.add(c.id);
      c.questions.forEach((q, j) => questionId(q.id, `${cat}.questions.${j}.id`));
      const essentials = c.questions.filter((q) => q.essential);
      if (essentials.length < 2 || essentials.length > 4) fail(cat, `chapter ${c.id} must mark 2 to 4 essential questions, has ${essentials.length}`);
      if (essentials.some((q) => q.sensitivity === 'high')) fail(cat, `chapter ${c.id}: a high-sensitivity question cannot be essential`);
      if (kind.kind === 'self_development') {
        c.questions.forEach((q, j) => q.role ?? fail(`${cat}.questions.${j}`, `question ${q.id} needs a role (scene, insight, practice, reader)`));
        const roles = new Set(c.questions.map((q) => q.role));
        for (const role of Role.options) if (!roles.has(role)) fail(cat, `chapter ${c.id} has no "${role}" question`);
      }
    });
    const used = new Set<number>();
    kind.groups.forEach((g, gi) => {
      typeId(g.id, `${at}.groups.${gi}.id`);
      g.types.forEach((t, ti) => {
        const tat = `${at}.groups.${gi}.types.${ti}`;
        typeId(t.id, `${tat}.id`);
        if (new Set(t.chapters).size !== t.chapters.length) fail(`${tat}.chapters`, `type ${t.id} lists a chapter twice`);
        t.chapters.forEach((c, ci) => {
          if (!chapterIds.has(c)) fail(`${tat}.chapters.${ci}`, `unknown chapter ${c} for this general category`);
          used.add(c);
        });
        if (t.narrow) {
          if (t.chapters.length >= longest) fail(`${tat}.narrow`, `type ${t.id} has enough chapters for every length: remove "narrow"`);
          if (t.chapters.length < secondLongest) fail(`${tat}.chapters`, `narrow type ${t.id} needs at least ${secondLongest} chapters`);
        } else if (t.chapters.length < longest) {
          fail(`${tat}.chapters`, `type ${t.id} has ${t.chapters.length} chapters, the longest length needs ${longest} (or mark it "narrow")`);
        }
        for (const [key, pick] of Object.entries(t.picks ?? {})) {
          const pat = `${tat}.picks.${key}`;
          const length = kind.lengths.find((l) => l.id === Number(key)) ?? fail(pat, `unknown length type ${key}`);
          const expected = Math.min(length.chapter_count, t.chapters.length);
          if (pick.length !== expected) fail(pat, `expected ${expected} chapters, got ${pick.length}`);
          if (new Set(pick).size !== pick.length) fail(pat, 'a chapter is picked twice');
          pick.forEach((c) => t.chapters.includes(c) || fail(pat, `chapter ${c} is not in the type's chapters`));
        }
      });
    });
    kind.chapters.forEach((c, i) => used.has(c.id) || fail(`${at}.chapters.${i}`, `chapter ${c.id} is used by no type`));
  });
}

/** Every id of structure.json has exactly one text in the language, and nothing else is there. */
function checkLanguage(s: Structure, lng: string, t: LanguageTexts): void {
  const relDir = `content/question-bank/${lng}`;
  const report = (section: string, ids: { missing: number[]; extra: number[] }, fileOf: (id: number) => string | undefined, label: string) => {
    if (ids.missing.length) throw new QuestionBankError(relDir, section, `missing text for ${label} ${ids.missing.join(', ')}`);
    if (ids.extra.length) throw new QuestionBankError(fileOf(ids.extra[0]) ?? relDir, `${section}.${ids.extra[0]}`, `${label} ${ids.extra.join(', ')} not in structure.json`);
  };
  report('survey_questions', sameIds(t.survey_questions.keys(), s.survey_questions.map((q) => q.id)), (id) => t.survey_questions.get(id)?.file, 'survey question');
  for (const q of s.survey_questions) {
    const entry = t.survey_questions.get(q.id)!;
    const ids = sameIds(Object.keys(entry.answers), q.answers);
    if (ids.missing.length || ids.extra.length) {
      throw new QuestionBankError(entry.file, `survey_questions.${q.id}.answers`, `answers must be exactly ${q.answers.join(', ')}`);
    }
  }
  const groups = s.kinds.flatMap((k) => k.groups);
  report('groups', sameIds(t.groups.keys(), groups.map((g) => g.id)), (id) => t.groups.get(id)?.file, 'group');
  report('types', sameIds(t.types.keys(), groups.flatMap((g) => g.types.map((x) => x.id))), (id) => t.types.get(id)?.file, 'type');
  report('lengths', sameIds(t.lengths.keys(), s.kinds.flatMap((k) => k.lengths.map((l) => l.id))), (id) => t.lengths.get(id)?.file, 'length type');
  const chapters = s.kinds.flatMap((k) => k.chapters);
  report('chapters', sameIds(t.chapters.keys(), chapters.map((c) => c.id)), (id) => t.chapters.get(id)?.file, 'chapter');
  for (const c of chapters) {
    const entry = t.chapters.get(c.id)!;
    const ids = sameIds(Object.keys(entry.questions), c.questions.map((q) => q.id));
    if (ids.missing.length) throw new QuestionBankError(entry.file, `chapters.${c.id}.questions`, `missing text for question ${ids.missing.join(', ')}`);
    if (ids.extra.length) throw new QuestionBankError(entry.file, `chapters.${c.id}.questions.${ids.extra[0]}`, `question ${ids.extra.join(', ')} not in structure.json`);
  }
}

interface KindInMemory {
  structure: StructureKind;
  types: Map<number, StructureType>;
  basedTypes: Map<Language, CategoryBasedType[]>;
  lengthTypes: Map<Language, CategoryLengthType[]>;
  chapters: Map<Language, Map<number, QuestionCategory>>;
}

/**
 * Reads content/question-bank/ under `contentDir` once, validates it (schema and cross-checks) and
 * answers from memory. Throws a QuestionBankError naming the file and the path on invalid content.
 * chaptersFor and surveyQuestions answer fresh copies (a new book's chapters are its own); the lookups
 * answer the bank's frozen objects.
 */
export function loadQuestionBank(contentDir: string): QuestionBank {
  const bankDir = path.join(contentDir, 'question-bank');
  const structure = readJson(path.join(bankDir, 'structure.json'), 'content/question-bank/structure.json', StructureSchema);
  checkStructure(structure);
  const texts = new Map<Language, LanguageTexts>();
  for (const lng of LANGUAGES) {
    const t = readLanguage(bankDir, lng);
    checkLanguage(structure, lng, t);
    texts.set(lng, t);
  }

  const survey = new Map<Language, SurveyQuestion[]>();
  for (const [lng, t] of texts) {
    survey.set(
      lng,
      structure.survey_questions.map((q) => {
        const entry = t.survey_questions.get(q.id)!;
        return { id: q.id, name: entry.name, role: q.role, survey_answers: q.answers.map((a) => ({ id: a, name: entry.answers[String(a)], is_selected: false })) };
      }),
    );
  }

  const kinds = new Map<number, KindInMemory>();
  for (const kind of structure.kinds) {
    const mem: KindInMemory = { structure: kind, types: new Map(), basedTypes: new Map(), lengthTypes: new Map(), chapters: new Map() };
    for (const g of kind.groups) for (const type of g.types) mem.types.set(type.id, type);
    for (const [lng, t] of texts) {
      mem.basedTypes.set(
        lng,
        kind.groups.flatMap((g) => [
          { id: g.id, name: t.groups.get(g.id)!.name, description: t.groups.get(g.id)!.description, group_id: g.id, is_group_title: true, is_selected: false },
          ...g.types.map((type) => ({
            id: type.id, name: t.types.get(type.id)!.name, description: t.types.get(type.id)!.description, group_id: g.id, is_group_title: false, is_selected: false,
          })),
        ]),
      );
      mem.lengthTypes.set(
        lng,
        kind.lengths.map((l) => ({
          id: l.id, name: t.lengths.get(l.id)!.name, description: t.lengths.get(l.id)!.description, new_book: l.new_book, is_selected: false, chapter_count: l.chapter_count,
        })),
      );
      mem.chapters.set(
        lng,
        new Map(
          kind.chapters.map((c) => {
            const entry = t.chapters.get(c.id)!;
            const questions: BankQuestion[] = c.questions.map((q) => ({
              id: q.id, name: entry.questions[String(q.id)].text, nudges: [...entry.questions[String(q.id)].nudges], sensitivity: q.sensitivity, essential: q.essential,
            }));
            return [c.id, { id: c.id, name: entry.name, questions }];
          }),
        ),
      );
    }
    kinds.set(kind.general_category_id, mem);
  }

  const copy = <T>(value: T): T => structuredClone(value);
  const lookups = new Map<string, QuestionCategory[]>();
  for (const [gc, kind] of kinds) {
    for (const [lng, chapters] of kind.chapters) lookups.set(`${gc}:${lng}`, deepFreeze([...chapters.values()]));
    for (const types of kind.basedTypes.values()) deepFreeze(types);
    for (const lengths of kind.lengthTypes.values()) deepFreeze(lengths);
  }
  const none = Object.freeze([]) as never[];
  return {
    surveyQuestions: (lng) => copy(survey.get(lng) ?? []),
    categoryBasedTypes: (gc, lng) => kinds.get(gc)?.basedTypes.get(lng) ?? none,
    categoryLengthTypes: (gc, lng) => kinds.get(gc)?.lengthTypes.get(lng) ?? none,
    questionCategories: (gc, lng) => lookups.get(`${gc}:${lng}`) ?? none,
    chaptersFor: ({ generalCategoryId, typeIds, lengthTypeId, lng }) => {
      const kind = kinds.get(generalCategoryId);
      if (!kind) return []; // a general category without bank content (inactive)
      const type = typeIds.map((id) => kind.types.get(id)).find((x) => x !== undefined);
      if (!type) throw new Error(`Question bank: no category-based type of general category ${generalCategoryId} among [${typeIds.join(', ')}]`);
      const length = kind.structure.lengths.find((l) => l.id === lengthTypeId);
      if (!length) throw new Error(`Question bank: unknown length type ${lengthTypeId} for general category ${generalCategoryId}`);
      const ids = type.picks?.[String(length.id)] ?? type.chapters.slice(0, Math.min(length.chapter_count, type.chapters.length));
      const chapters = kind.chapters.get(lng);
      if (!chapters) throw new Error(`Question bank: unknown language ${lng}`);
      return ids.map((id) => copy(chapters.get(id)!));
    },
  };
}
