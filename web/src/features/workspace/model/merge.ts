import type { Chapter, CheckpointData, Question } from '@common/schemas/session';
import type { BookAttribute } from '@common/schemas/workspace';

/**
 * Three-way merge of a book after a stale save (409): `base` is the copy both sides started from,
 * `local` what this tab has now, `server` what someone else saved. Chapter by chapter, field by
 * field: a side that did not touch a field takes the other side's value. When both changed the same
 * field differently, the local value is kept in the book and the server's is returned as a conflict
 * so the author can choose. Nothing typed on either side is dropped: a chapter or question deleted
 * on one side but edited on the other is kept.
 */
export type ConflictField =
  'chapter_name' | 'chapter_content' | 'question_name' | 'question_transcript' | 'another_story_subject' | BookAttribute;

export interface MergeConflict {
  /** Stable id to resolve it by. */
  id: string;
  field: ConflictField;
  chapterId?: number;
  questionId?: number;
  local: string;
  server: string;
}

export interface MergeResult {
  checkpoint: CheckpointData;
  conflicts: MergeConflict[];
}

/** JSON with object keys sorted, so two equal values compare equal whatever order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
/** Texts that read the same: trailing white space is not a change (answers are trimmed on blur and by the server). */
const sameText = (a: unknown, b: unknown) => String(a ?? '').trimEnd() === String(b ?? '').trimEnd();

/** Picks one value; `true` as the second element means a true conflict (local kept). Two equal sides never conflict. */
function pick<T>(base: T | undefined, local: T, server: T, equal: (a: T, b: T) => boolean = same): [T, boolean] {
  if (equal(local, server)) return [local, false];
  if (base !== undefined && equal(local, base)) return [server, false];
  if (base !== undefined && equal(server, base)) return [local, false];
  return [local, true];
}

/**
 * Merges one text of the book (title, introduction, summary) after a 409: `base` is the value the edit
 * started from. A true conflict keeps the local value and returns it for the author to choose.
 */
export function mergeText(base: string, local: string, server: string): { value: string; conflict: boolean } {
  const [value, conflict] = pick(base, local, server, sameText);
  return { value, conflict };
}

/** Orders the merged ids: the side that reordered wins; items only on the other side keep their place. */
function mergeOrder(baseIds: number[], localIds: number[], serverIds: number[], keep: Set<number>): number[] {
  const localMoved = !same(
    localIds.filter((id) => baseIds.includes(id)),
    baseIds.filter((id) => localIds.includes(id)),
  );
  const [primary, secondary] = localMoved ? [localIds, serverIds] : [serverIds, localIds];
  const order = primary.filter((id) => keep.has(id));
  secondary.forEach((id, index) => {
    if (!keep.has(id) || order.includes(id)) return;
    // Insert after the nearest preceding item that is already placed.
    let at = 0;
    for (let i = index - 1; i >= 0; i -= 1) {
      const found = order.indexOf(secondary[i]);
      if (found >= 0) {
        at = found + 1;
        break;
      }
    }
    order.splice(at, 0, id);
  });
  return order;
}

/** Which ids survive: present on both sides, or added on one, or deleted on one side while edited on the other. */
function survivors<T extends { id: number }>(base: T[], local: T[], server: T[]): Set<number> {
  const b = new Map(base.map((x) => [x.id, x]));
  const l = new Map(local.map((x) => [x.id, x]));
  const s = new Map(server.map((x) => [x.id, x]));
  const keep = new Set<number>();
  for (const id of new Set([...l.keys(), ...s.keys()])) {
    const inL = l.has(id);
    const inS = s.has(id);
    const inB = b.has(id);
    if (inL && inS) keep.add(id);
    else if (!inB)
      keep.add(id); // added on one side
    else if (inL && !same(l.get(id), b.get(id)))
      keep.add(id); // deleted on the server, edited here
    else if (inS && !same(s.get(id), b.get(id))) keep.add(id); // deleted here, edited on the server
  }
  return keep;
}

function mergeQuestion(
  chapterId: number,
  base: Question | undefined,
  local: Question | undefined,
  server: Question | undefined,
  conflicts: MergeConflict[],
): Question {
  if (!local) return server!;
  if (!server) return local;
  const [name, nameConflict] = pick(base?.name, local.name, server.name, sameText);
  const [transcript, transcriptConflict] = pick(base?.transcript ?? '', local.transcript ?? '', server.transcript ?? '', sameText);
  if (nameConflict)
    conflicts.push({
      id: `qn:${chapterId}:${local.id}`,
      field: 'question_name',
      chapterId,
      questionId: local.id,
      local: local.name,
      server: server.name,
    });
  if (transcriptConflict) {
    conflicts.push({
      id: `qt:${chapterId}:${local.id}`,
      field: 'question_transcript',
      chapterId,
      questionId: local.id,
      local: local.transcript ?? '',
      server: server.transcript ?? '',
    });
  }
  const rest = pick(
    base ? { ...base, name: '', transcript: '' } : undefined,
    { ...local, name: '', transcript: '' },
    { ...server, name: '', transcript: '' },
  )[0];
  return { ...rest, name, transcript };
}

const contentOf = (c: Chapter) => ({
  generated_content: c.generated_content ?? '',
  generated_content_json: c.generated_content_json ?? null,
  summary: c.summary ?? null,
  submitted_at: c.submitted_at ?? null,
});
type Content = ReturnType<typeof contentOf>;

/**
 * A chapter's text with what belongs to it (paragraphs, summary, time stamp). Only the text can
 * conflict: when both sides hold the same text — e.g. the server stored a generated chapter and this
 * tab applied the same result a second later — its time stamp or summary differing is no conflict.
 */
function mergeContent(base: Chapter | undefined, local: Chapter, server: Chapter): [Content, boolean] {
  const [l, s] = [contentOf(local), contentOf(server)];
  const b = base ? contentOf(base) : undefined;
  const [text, conflict] = pick(b?.generated_content, l.generated_content, s.generated_content, sameText);
  if (conflict) return [l, true];
  if (!sameText(l.generated_content, s.generated_content)) return [text === l.generated_content ? l : s, false];
  return [pick(b, l, s)[0], false];
}

function mergeChapter(
  base: Chapter | undefined,
  local: Chapter | undefined,
  server: Chapter | undefined,
  conflicts: MergeConflict[],
): Chapter {
  if (!local) return server!;
  if (!server) return local;
  const id = local.id;
  const [name, nameConflict] = pick(base?.name, local.name, server.name, sameText);
  if (nameConflict) conflicts.push({ id: `cn:${id}`, field: 'chapter_name', chapterId: id, local: local.name, server: server.name });
  const [content, contentConflict] = mergeContent(base, local, server);
  if (contentConflict) {
    conflicts.push({
      id: `cc:${id}`,
      field: 'chapter_content',
      chapterId: id,
      local: local.generated_content ?? '',
      server: server.generated_content ?? '',
    });
  }
  const baseQuestions = base?.questions ?? [];
  const keep = survivors(baseQuestions, local.questions, server.questions);
  const order = mergeOrder(
    baseQuestions.map((q) => q.id),
    local.questions.map((q) => q.id),
    server.questions.map((q) => q.id),
    keep,
  );
  const find = (list: Question[], qid: number) => list.find((q) => q.id === qid);
  const questions = order.map((qid) =>
    mergeQuestion(id, find(baseQuestions, qid), find(local.questions, qid), find(server.questions, qid), conflicts),
  );
  return {
    ...server,
    ...local,
    name,
    ...content,
    questions,
    generated_count: Math.max(local.generated_count ?? 0, server.generated_count ?? 0),
  };
}

function mergeSurvey(base: CheckpointData, local: CheckpointData, server: CheckpointData): CheckpointData['lookups'] {
  const selected = (c: CheckpointData, id: number) =>
    c.lookups.survey_questions.find((s) => s.id === id)?.survey_answers.find((a) => a.is_selected)?.id ?? null;
  return {
    ...server.lookups,
    survey_questions: server.lookups.survey_questions.map((question) => {
      const [answerId] = pick(selected(base, question.id), selected(local, question.id), selected(server, question.id));
      return { ...question, survey_answers: question.survey_answers.map((a) => ({ ...a, is_selected: a.id === answerId })) };
    }),
  };
}

export function mergeCheckpoints(base: CheckpointData, local: CheckpointData, server: CheckpointData): MergeResult {
  const conflicts: MergeConflict[] = [];
  const keep = survivors(base.data, local.data, server.data);
  const order = mergeOrder(
    base.data.map((c) => c.id),
    local.data.map((c) => c.id),
    server.data.map((c) => c.id),
    keep,
  );
  const find = (list: Chapter[], id: number) => list.find((c) => c.id === id);
  const data = order.map((id) => mergeChapter(find(base.data, id), find(local.data, id), find(server.data, id), conflicts));
  const [subject, subjectConflict] = pick(
    base.another_story_subject ?? '',
    local.another_story_subject ?? '',
    server.another_story_subject ?? '',
    sameText,
  );
  if (subjectConflict) {
    conflicts.push({
      id: 'subject',
      field: 'another_story_subject',
      local: local.another_story_subject ?? '',
      server: server.another_story_subject ?? '',
    });
  }
  return {
    checkpoint: { ...server, data, another_story_subject: subject, lookups: mergeSurvey(base, local, server) },
    conflicts,
  };
}

/** What the author wrote in a book (chapters, questions, texts, order, survey choices), to tell two copies apart. */
function authored(checkpoint: CheckpointData): unknown {
  return {
    subject: (checkpoint.another_story_subject ?? '').trimEnd(),
    chapters: checkpoint.data.map((c) => ({
      id: c.id,
      name: c.name.trimEnd(),
      text: (c.generated_content ?? '').trimEnd(),
      questions: c.questions.map((q) => ({ id: q.id, name: q.name.trimEnd(), transcript: (q.transcript ?? '').trimEnd() })),
    })),
    survey: checkpoint.lookups.survey_questions.map((q) => [q.id, q.survey_answers.find((a) => a.is_selected)?.id ?? null]),
  };
}

/** True when both copies hold the same writing (server-kept fields such as counters may differ). */
export function sameWriting(a: CheckpointData, b: CheckpointData): boolean {
  return same(authored(a), authored(b));
}

/** Applies the author's choice for one conflict: the text to keep. */
export function resolveConflict(
  checkpoint: CheckpointData,
  conflict: MergeConflict,
  value: string,
  serverChapter?: Chapter,
): CheckpointData {
  if (conflict.field === 'another_story_subject') return { ...checkpoint, another_story_subject: value };
  return {
    ...checkpoint,
    data: checkpoint.data.map((chapter) => {
      if (chapter.id !== conflict.chapterId) return chapter;
      if (conflict.field === 'chapter_name') return { ...chapter, name: value };
      if (conflict.field === 'chapter_content') {
        // Keeping the other version's text takes its paragraphs and summary along with it.
        if (serverChapter && value === conflict.server) return { ...chapter, ...contentOf(serverChapter) };
        return {
          ...chapter,
          generated_content: value,
          generated_content_json: value === conflict.local ? chapter.generated_content_json : null,
        };
      }
      return {
        ...chapter,
        questions: chapter.questions.map((q) =>
          q.id !== conflict.questionId ? q : conflict.field === 'question_name' ? { ...q, name: value } : { ...q, transcript: value },
        ),
      };
    }),
  };
}
