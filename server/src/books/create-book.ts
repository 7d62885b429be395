import { z } from 'zod';
import { NEW_BOOK_TOOL_ID, type Language } from '@common/constants';
import { startTextProblem } from '@common/rules/book-start';
import { bookTypeOf } from '@common/rules/book-type';
import { forcedLengthOf } from '@common/rules/forced-length';
import { IdParam } from '@common/schemas/api';
import type { CreateBookFields } from '@common/schemas/books';
import { bookNameProblem } from '@common/rules/book-name';
import { COVER_IMAGE_KEY } from '@common/schemas/workspace';
import type { QuestionCategory } from '@common/schemas/catalog';
import type { Chapter, CheckpointData, Session } from '@common/schemas/session';
import type { AppContext } from '../app';
import { findGeneralCategory, findService, findTool, listPlans, listServices } from '../catalog/repository';
import { presentGeneralCategory, presentServicesWithPlans } from '../catalog/presenters';
import { badRequest } from '../http/errors';
import { toBool } from '../db';
import { DEFAULT_FIDELITY } from '../generation/service';
import { checkCover } from './cover';
import { storeSessionImage } from './files';
import type { UploadedFile } from '../http/multipart';
import { importBook, type ImportedBook, type ImportedChapter } from './import';
import { insertSession, presentSession } from './repository';
import { tailorBankChapters, type ChapterTailor } from './tailor';
import { bookTexts } from './texts';

/** Guest books one address may start per hour (the count lives in the shared `counters` table). */
export const GUEST_BOOKS_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };
/** Books one signed-in user may start per hour: far above any writer, far below a script. */
export const USER_BOOKS_LIMIT = { max: 60, windowMs: 60 * 60 * 1000 };
/** Books one address may delete per hour. */
export const DELETE_BOOKS_LIMIT = { max: 60, windowMs: 60 * 60 * 1000 };

/** Tools whose book is the imported manuscript only (no guided chapters added). */
const IMPORT_ONLY_TOOL_ICONS = new Set(['polish']);

function parseTypeIds(raw: string | undefined): number[] {
  if (!raw || raw.trim() === '' || raw.trim() === '[]') throw badRequest('books.select_required');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest();
  }
  const list = Array.isArray(value) ? value : [value];
  const parsed = z.array(IdParam).min(1).max(20).safeParse(list);
  if (!parsed.success) throw badRequest();
  return [...new Set(parsed.data)];
}

/** The creation form, its fields validated (common/api/books.ts), its files read under their limits. */
export interface BookForm {
  fields: CreateBookFields;
  files: Partial<Record<string, UploadedFile>>;
}

export interface CreateBookInput {
  form: BookForm;
  lng: Language;
  owner: { userId: number } | { guestTokenHash: string };
  /** With a text-generation provider configured: tailors the bank's chapters to the subject. */
  tailor?: ChapterTailor | null;
}

/**
 * Starts a book: checks every choice of the options screen against the catalog and the question
 * bank, reads an optional manuscript and cover, and stores the checkpoint in the spec's shape.
 */
export async function createBook(ctx: AppContext, { form, lng, owner, tailor }: CreateBookInput): Promise<Session> {
  const fields = form.fields;
  const { db, questionBank } = ctx;

  // Cover first: cheap to check, and the usual mistake.
  const coverFile = form.files.cover ?? form.files.cover_media_photo;
  const cover = coverFile ? await checkCover(coverFile) : null;

  const service = await findService(db, fields.service_id);
  if (!service || !toBool(service.is_active)) throw badRequest('books.unknown_service');
  const category = await findGeneralCategory(db, fields.general_category_id);
  if (!category || category.service_id !== service.id || !toBool(category.is_active)) throw badRequest('books.unknown_category');

  const tool = await findTool(db, fields.toolId);
  if (!tool) throw badRequest('books.unknown_tool');
  const isNewBook = fields.new_book === undefined ? toBool(tool.for_new_book) : fields.new_book === 'true' || fields.new_book === '1';
  if (isNewBook && tool.id !== NEW_BOOK_TOOL_ID) throw badRequest('books.tool_not_for_new_book');
  if (!isNewBook && !toBool(tool.for_existing_book)) throw badRequest('books.tool_not_for_existing_book');

  const typeIds = parseTypeIds(fields.category_based_type_ids);
  const types = questionBank.categoryBasedTypes(category.id, lng).filter((t) => !t.is_group_title);
  if (typeIds.some((id) => !types.some((t) => t.id === id))) throw badRequest('books.type_not_in_category');

  const lengthRaw = fields.category_length_type_id?.trim() ?? '';
  if (lengthRaw === '') throw badRequest('books.select_required');
  const lengthId = IdParam.safeParse(lengthRaw);
  if (!lengthId.success) throw badRequest();
  const lengths = questionBank.categoryLengthTypes(category.id, lng);
  const length = lengths.find((l) => l.id === lengthId.data);
  if (!length) throw badRequest('books.length_not_in_category');
  // A new book takes a new-book length; an existing one an existing-book length; a forcing tool exactly its one length.
  if (length.new_book !== isNewBook) throw badRequest('books.length_not_for_tool');
  if (toBool(tool.forces_one_length) && length.id !== forcedLengthOf(lengths)?.id) throw badRequest('books.length_not_for_tool');

  const document = form.files.word_file;
  const kind = bookTypeOf(category.id);
  const subject = (fields.another_story_subject ?? '').trim();
  const description = (fields.description ?? (kind === 'autobiography' ? fields.another_story_subject : '') ?? '').trim();
  const textProblem = startTextProblem(kind, { description, subject, hasDocument: Boolean(document) });
  if (textProblem) throw badRequest(`books.${textProblem}`);

  const bookName = (fields.book_name ?? '').trim() || presentGeneralCategory(category, lng).name;
  const nameProblem = bookNameProblem(bookName);
  if (nameProblem) throw badRequest(`books.${nameProblem}`);

  let book: ImportedBook = { introduction: [], summary: [], chapters: [] };
  if (document) book = await importBook(document.data, document.filename);
  const imported = book.chapters;

  const bankChapters =
    document && IMPORT_ONLY_TOOL_ICONS.has(tool.icon_key)
      ? []
      : questionBank.chaptersFor({ generalCategoryId: category.id, typeIds, lengthTypeId: length.id, lng });
  let guided = bankChapters.map((qc) => chapterFromBank(qc, category.id, typeIds[0], length.id));
  const surveyQuestions = questionBank.surveyQuestions(lng);
  if (tailor) {
    // Same shape either way: the bank's chapters reworded for the subject, in the book's language.
    guided = await tailorBankChapters(tailor, guided, {
      kind,
      bookName,
      subject: kind === 'autobiography' ? description : subject,
      language: lng,
      survey: surveyQuestions.flatMap((q) => {
        const answer = q.survey_answers.find((a) => a.is_selected);
        return answer ? [{ question: q.name, answer: answer.name }] : [];
      }),
      earlierSummaries: [],
      fidelity: DEFAULT_FIDELITY,
    });
  }
  const data = [...importedChapters(imported, guided, category.id, typeIds[0], length.id, lng), ...guided].slice(0, 200);
  if (description && data[0]?.questions[0]) data[0].questions[0].transcript = description;

  const [services, plans] = await Promise.all([listServices(db), listPlans(db)]);
  const checkpoint: CheckpointData = {
    data,
    another_story_subject: kind === 'autobiography' ? description || null : subject || null,
    lookups: { survey_questions: surveyQuestions },
    general_category_id: category.id,
    category_based_type_ids: typeIds,
    category_based_type_id: typeIds[0],
    category_length_type_id: length.id,
    services_with_plans: presentServicesWithPlans(services, plans, lng),
    tool_id: tool.id,
    language: lng,
  };

  const row = await insertSession(db, {
    user_id: 'userId' in owner ? owner.userId : null,
    guest_token_hash: 'guestTokenHash' in owner ? owner.guestTokenHash : null,
    service_id: service.id,
    general_category_id: category.id,
    book_name: bookName,
    language: lng,
    checkpoint,
    introduction: book.introduction.join('\n\n'),
    book_summary: book.summary.join('\n\n'),
  });
  if (cover) await storeSessionImage(ctx, row.id, COVER_IMAGE_KEY, cover);
  return presentSession(row);
}

function chapterFromBank(qc: QuestionCategory, generalCategoryId: number, typeId: number, lengthId: number): Chapter {
  return {
    id: qc.id,
    general_category_id: generalCategoryId,
    name: qc.name,
    questions: qc.questions.map((q) => ({
      id: q.id,
      name: q.name,
      transcript: '',
      question_category_id: qc.id,
      category_based_type_id: typeId,
      category_length_type_id: lengthId,
      nudges: q.nudges,
      sensitivity: q.sensitivity,
      essential: q.essential,
    })),
    generated_content: '',
    generated_count: 0,
  };
}

/** Manuscript chapters: ids after the guided ones, the text in place, one open question each. */
function importedChapters(
  imported: ImportedChapter[],
  guided: Chapter[],
  generalCategoryId: number,
  typeId: number,
  lengthId: number,
  lng: Language,
): Chapter[] {
  const texts = bookTexts(lng);
  // Fresh ids above every guided chapter and question id, so no id is ever shared.
  const base = Math.max(0, ...guided.map((c) => c.id), ...guided.flatMap((c) => c.questions.map((q) => q.id)));
  return imported.map((chapter, index) => {
    const id = base + index + 1;
    return {
      id,
      general_category_id: generalCategoryId,
      name: (chapter.name ?? texts.chapter(index + 1)).slice(0, 300),
      questions: [
        {
          id: base + imported.length + index + 1,
          name: texts.importQuestion,
          transcript: '',
          question_category_id: id,
          category_based_type_id: typeId,
          category_length_type_id: lengthId,
        },
      ],
      generated_content: chapter.paragraphs.join('\n\n'),
      generated_content_json: JSON.stringify(chapter.paragraphs.map((text) => ({ text, question_ids: [] }))),
      generated_count: 0,
    };
  });
}
