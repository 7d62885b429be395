import { franc } from 'franc-min';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckpointData } from '@common/schemas/session';
import { hashToken, newToken } from '../auth/tokens';
import { findSessionRow, parseCheckpoint, saveCheckpoint, updateSessionFields } from '../books/repository';
import { SAMPLE_ANSWERS } from '../../test/sample-answers';
import { LANGUAGE_DATA } from '../providers/generation/language-data';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../test/stand-ins/openai';
import { Composer } from '../providers/generation/composer';
import { sampleContext } from '../../test/sample-answers';
import { OpenAiCompatibleProvider } from '../providers/generation/openai-compatible';
import { londonTimestamp } from '@common/rules/submitted-at';
import { FREE_CHAPTER_REGENERATIONS, GENERATION_LIMITS, tailorChaptersToSubject } from './service';

const SURVEY = [
  {
    id: 1,
    name: 'Writing style',
    survey_answers: [
      { id: 11, name: 'Warm', is_selected: false },
      { id: 12, name: 'Sober', is_selected: false },
    ],
  },
  {
    id: 2,
    name: 'Reader',
    survey_answers: [
      { id: 21, name: 'My family', is_selected: false },
      { id: 22, name: 'Everyone', is_selected: false },
    ],
  },
];
const SELECTED = [
  { service_session_id: 0, survey_question_id: 1, survey_answer_id: 11 },
  { service_session_id: 0, survey_question_id: 2, survey_answer_id: 21 },
];

function checkpoint(overrides: Partial<CheckpointData> = {}): CheckpointData {
  const chapter = (id: number, name: string, qids: number[]) => ({
    id,
    general_category_id: 1,
    name,
    questions: qids.map((q) => ({ id: q, name: `Question ${q}`, transcript: '', question_category_id: id })),
    generated_content: '',
    generated_count: 0,
  });
  return {
    data: [chapter(10, 'Roots', [101, 102, 103, 104, 105]), chapter(20, 'School', [201, 202]), chapter(30, 'Work', [301])],
    another_story_subject: null,
    lookups: { survey_questions: SURVEY },
    general_category_id: 1,
    category_based_type_ids: [],
    services_with_plans: [],
    language: 'en',
    fidelity: 'own_words',
    ...overrides,
  };
}

/** The chapter as the workspace sends it: the stored one with the author's answers typed in. */
function chapterBody(cp: CheckpointData, index: number, answers = SAMPLE_ANSWERS.en) {
  const chapter = cp.data[index];
  return {
    ...chapter,
    questions: chapter.questions.map((q, i) => ({ ...q, transcript: answers[i]?.answer ?? 'I remember it well.' })),
  };
}

let app: TestApp;
let standIn: OpenAiStandIn;

async function makeBook(
  owner: { user?: TestUser; guestToken?: string },
  options: { paid?: boolean; cp?: CheckpointData; language?: string } = {},
) {
  const cp = options.cp ?? checkpoint();
  const row = await createBook(
    app,
    { userId: owner.user?.id, guestToken: owner.guestToken },
    { paid: options.paid, checkpoint: cp, bookName: 'A life by the canal', language: options.language },
  );
  return { id: row.id, cp };
}

const storyBody = (id: number, cp: CheckpointData, index: number, extra: Record<string, unknown> = {}) => ({
  data: chapterBody(cp, index),
  service_session_id: id,
  selected_survey_questions: SELECTED.map((s) => ({ ...s, service_session_id: id })),
  index,
  isPayed: false,
  user: null,
  ...extra,
});

async function stored(id: number) {
  const row = await findSessionRow(app.ctx.db, id);
  return { row: row!, cp: parseCheckpoint(row!) };
}

/** Parses a text/event-stream body into events. */
function parseSse(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ apiKey: 'sk-stand-in' });
  app = await buildTestApp({
    GENERATION_BASE_URL: standIn.url,
    GENERATION_API_KEY: 'sk-stand-in',
    GENERATION_MODEL: 'stand-in',
    GENERATION_TIMEOUT_MS: 5_000,
  });
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.setDefault({ kind: 'stream' });
});

describe('POST /api/getStoryAnswer — refusals', () => {
  it('401 without a token or guest token, the same 404 for another account and an unknown book', async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const anonymous = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', payload: storyBody(id, cp, 0) });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: other.headers, payload: storyBody(id, cp, 0) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('books.not_found');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswer',
      headers: owner.headers,
      payload: storyBody(999_999, cp, 0),
    });
    expect(missing.statusCode).toBe(404);
    expect((await stored(id)).cp.data[0].questions[0].transcript).toBe('');
  });

  it('400 for a malformed body', async () => {
    const owner = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswer',
      headers: owner.headers,
      payload: { service_session_id: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_input');
  });

  it('400 when the chapter is not in the stored book', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner }, { paid: true });
    const body = storyBody(id, cp, 0);
    body.data = { ...body.data, id: 1_700_000_000_000 };
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('generation.chapter_not_in_book');
  });

  it('402 for any chapter but the first of an unpaid book, whatever the client says about isPayed', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswer',
      headers: { ...owner.headers, lng: 'fr' },
      payload: storyBody(id, cp, 1, { isPayed: true, index: 0 }),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'generation.chapter_locked', error: expect.stringContaining('premier chapitre est offert') });
    expect((await stored(id)).cp.data[1].questions[0].transcript).toBe('');
  });

  it('400 for an answer over 2500 characters', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const body = storyBody(id, cp, 0);
    body.data.questions[0].transcript = 'a'.repeat(2501);
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'generation.answer_too_long', error: expect.stringContaining('2500') });
  });

  it('400 "please answer all questions" when a survey question has no choice — but the answers are saved', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswer',
      headers: owner.headers,
      payload: storyBody(id, cp, 0, { selected_survey_questions: [SELECTED[0]] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'generation.answer_all_questions', error: 'Please answer all questions.' });
    const after = (await stored(id)).cp;
    expect(after.data[0].questions[0].transcript).toBe(SAMPLE_ANSWERS.en[0].answer);
    expect(after.data[0].generated_content).toBe('');
  });

  it('writes a chapter with only one question answered and the others skipped (kept, still empty)', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const body = storyBody(id, cp, 0);
    body.data.questions = body.data.questions.map((q, i) => ({ ...q, transcript: i === 2 ? q.transcript : '' }));
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: body });
    expect(res.statusCode).toBe(200);
    const after = (await stored(id)).cp.data[0];
    expect(after.questions.map((q) => q.transcript !== '')).toEqual([false, false, true, false, false]);
    expect(after.generated_content).not.toBe('');
  });

  it('400 "answer at least one question" when every question is skipped', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const body = storyBody(id, cp, 0);
    body.data.questions = body.data.questions.map((q) => ({ ...q, transcript: '  ' }));
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: { ...owner.headers, lng: 'es' }, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'generation.no_answers', error: 'Primero responde al menos a una pregunta de este capítulo.' });
  });

  it('429 once the free chapter was rewritten the allowed number of times (unpaid only)', async () => {
    const owner = await createUser(app);
    const cp = checkpoint();
    cp.data[0].generated_count = FREE_CHAPTER_REGENERATIONS + 1;
    const { id } = await makeBook({ user: owner }, { cp });
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('generation.regeneration_limit');
    const paid = await makeBook({ user: owner }, { cp, paid: true });
    const ok = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(paid.id, cp, 0) });
    expect(ok.statusCode).toBe(200);
    expect((await stored(paid.id)).cp.data[0].generated_count).toBe(FREE_CHAPTER_REGENERATIONS + 2);
  });

  it('rate-limits users and guests through the shared counters', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    await app.ctx.db
      .insertInto('counters')
      .values({ key: `rl:gen:chapter:user:${owner.id}`, count: GENERATION_LIMITS.user.max, expires_at: Date.now() + 60_000 })
      .execute();
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('rate_limited');

    const guestToken = newToken();
    const guestBook = await makeBook({ guestToken });
    await app.ctx.db
      .insertInto('counters')
      .values({ key: `rl:gen:chapter:guest:${hashToken(guestToken)}`, count: GENERATION_LIMITS.guest.max, expires_at: Date.now() + 60_000 })
      .execute();
    const guest = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswer',
      headers: { 'x-guest-token': guestToken },
      payload: storyBody(guestBook.id, guestBook.cp, 0),
    });
    expect(guest.statusCode).toBe(429);
  });
});

describe('POST /api/getStoryAnswer — writing', () => {
  it('saves the answers, writes the chapter, stores it and drafts the empty summary, leaving the introduction to the author', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const before = Date.now();
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    expect(res.statusCode).toBe(200);
    const { success } = res.json();
    expect(Object.keys(success)).toEqual(expect.arrayContaining(['content', 'content_json', 'summary']));
    expect(success.content).toMatch(/^I was born in Leeds in 1948/);
    expect(success.content).not.toMatch(/\bum\b|\buh\b/);
    const paragraphs = JSON.parse(success.content_json) as { text: string; question_ids: number[] }[];
    expect(paragraphs.map((p) => p.text).join('\n\n')).toBe(success.content);
    expect(paragraphs[0].question_ids).toEqual([101]);
    expect(standIn.requests.length).toBe(0); // own_words: the composer, no network

    const { row, cp: after } = await stored(id);
    const chapter = after.data[0];
    expect(chapter.generated_content).toBe(success.content);
    expect(chapter.generated_content_json).toBe(success.content_json);
    expect(chapter.summary).toBe(success.summary);
    expect(chapter.generated_count).toBe(1);
    expect(chapter.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const stamp = [londonTimestamp(new Date(before)), londonTimestamp()];
    expect(chapter.submitted_at! >= stamp[0] && chapter.submitted_at! <= stamp[1]).toBe(true);
    expect(chapter.questions[2].transcript).toBe(SAMPLE_ANSWERS.en[2].answer);
    expect(after.lookups.survey_questions[0].survey_answers.find((a) => a.is_selected)?.id).toBe(11);
    expect(row.introduction).toBe('');
    expect(row.book_summary.length).toBeGreaterThan(20);
    expect(success).toMatchObject({ book_summary: row.book_summary, generated_count: 1, version: row.version });
    // The style (first survey question) needs the writing assistant; the reader profile needs nothing.
    expect(success.needs_assistant).toEqual([1]);
    expect(chapter.needs_assistant).toEqual([1]);
    expect(success).not.toHaveProperty('introduction');

    // The author's own summary is never replaced.
    await updateSessionFields(app.ctx.db, id, { book_summary: 'My words.' });
    const again = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    expect(again.statusCode).toBe(200);
    const second = await stored(id);
    expect(second.row.book_summary).toBe('My words.');
    expect(again.json().success).not.toHaveProperty('book_summary');
    expect(second.cp.data[0].generated_count).toBe(2);
  });

  it('is the one writer of a generated chapter: one version step, and the next save on the returned version is accepted', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    // The workspace saved the answers already (its debounced save): the writing is the only write.
    const typed = { ...cp, data: cp.data.map((c, i) => (i === 0 ? chapterBody(cp, 0) : c)) };
    const selected = {
      ...typed,
      lookups: {
        survey_questions: SURVEY.map((q, i) => ({
          ...q,
          survey_answers: q.survey_answers.map((a) => ({ ...a, is_selected: a.id === SELECTED[i].survey_answer_id })),
        })),
      },
    };
    const first = await app.inject({
      method: 'POST',
      url: '/api/upSertSession',
      headers: owner.headers,
      payload: { service_session_id: id, checkpoint_data: selected, version: (await stored(id)).row.version },
    });
    expect(first.statusCode).toBe(200);
    const base = (await stored(id)).row.version;
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    expect(res.statusCode).toBe(200);
    const { success } = res.json();
    expect(success.version).toBe(base + 1);
    // The workspace applies the returned fields to its copy and saves its next edit on that version.
    const applied = {
      ...selected,
      data: selected.data.map((c, i) =>
        i === 0
          ? {
              ...c,
              generated_content: success.content,
              generated_content_json: success.content_json,
              summary: success.summary,
              submitted_at: success.submitted_at,
              generated_count: success.generated_count,
              needs_assistant: success.needs_assistant,
              name: 'Roots, renamed',
            }
          : c,
      ),
    };
    const next = await app.inject({
      method: 'POST',
      url: '/api/upSertSession',
      headers: owner.headers,
      payload: { service_session_id: id, checkpoint_data: applied, version: success.version },
    });
    expect(next.statusCode).toBe(200);
    expect((await stored(id)).cp.data[0]).toMatchObject({ name: 'Roots, renamed', generated_content: success.content, generated_count: 1 });
  });

  it('writes any chapter of a paid book, with the model for light_edit, in the book language', async () => {
    const owner = await createUser(app);
    const cp = checkpoint({ fidelity: 'light_edit', language: 'fr' });
    const { id } = await makeBook({ user: owner }, { paid: true, cp, language: 'fr' });
    const body = { ...storyBody(id, cp, 1), data: chapterBody(cp, 1, SAMPLE_ANSWERS.fr) };
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: body });
    expect(res.statusCode).toBe(200);
    expect(standIn.requests.length).toBe(1);
    expect(standIn.requests[0].body.messages![0].content).toMatch(/Écrivez uniquement en français/);
    expect(franc(res.json().success.content)).toBe('fra');
    const ids = JSON.parse(res.json().success.content_json).map((p: { question_ids: number[] }) => p.question_ids);
    expect(ids).toEqual([[201], [202]]);
  });

  it('works for a guest holding the book token, from the chapter sent in data', async () => {
    const guestToken = newToken();
    const { id, cp } = await makeBook({ guestToken });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswer',
      headers: { 'x-guest-token': guestToken },
      payload: storyBody(id, cp, 0),
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(id)).cp.data[0].generated_count).toBe(1);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswer',
      headers: { 'x-guest-token': newToken() },
      payload: storyBody(id, cp, 0),
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('keeps a save made by the workspace while the chapter was being written (re-applies only this chapter)', async () => {
    const owner = await createUser(app);
    const cp = checkpoint({ fidelity: 'polished' });
    const { id } = await makeBook({ user: owner }, { paid: true, cp });
    standIn.enqueue({ kind: 'stream', firstTokenDelayMs: 300 });
    const pending = app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    // the model has the request (its first token comes 300 ms later): the workspace saves meanwhile
    await vi.waitFor(() => expect(standIn.requests.length).toBeGreaterThan(0), { timeout: 5_000, interval: 10 });
    const current = await stored(id);
    const edited = { ...current.cp, data: current.cp.data.map((c) => (c.id === 30 ? { ...c, name: 'Work and friends' } : c)) };
    expect(await saveCheckpoint(app.ctx.db, id, current.row.version, edited)).not.toBeNull();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    const after = (await stored(id)).cp;
    expect(after.data[2].name).toBe('Work and friends');
    expect(after.data[0].generated_content).toBe(res.json().success.content);
  });

  it('answers with a translated provider error and keeps the answers when the model fails', async () => {
    const owner = await createUser(app);
    const cp = checkpoint({ fidelity: 'polished' });
    const { id } = await makeBook({ user: owner }, { cp });
    standIn.enqueue({ kind: 'error', status: 400, message: 'context length exceeded', code: 'context_length_exceeded' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswer',
      headers: { ...owner.headers, lng: 'es' },
      payload: storyBody(id, cp, 0),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('generation.provider_rejected');
    expect(res.json().error).toMatch(/Tus respuestas están guardadas/);
    expect(res.body).not.toContain('context length');
    const after = (await stored(id)).cp.data[0];
    expect(after.questions[0].transcript).toBe(SAMPLE_ANSWERS.en[0].answer);
    expect(after.generated_count).toBe(0);
  });
});

describe('POST /api/getStoryAnswerStream', () => {
  it('streams delta events then done, and stores the same chapter', async () => {
    const owner = await createUser(app);
    const cp = checkpoint({ fidelity: 'light_edit' });
    const { id } = await makeBook({ user: owner }, { cp });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswerStream',
      headers: owner.headers,
      payload: storyBody(id, cp, 0),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseSse(res.body);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(10);
    const done = events[events.length - 1];
    expect(done.event).toBe('done');
    expect(deltas.map((d) => d.data.text).join('')).toBe(done.data.content);
    expect(done.data).toMatchObject({ content: expect.any(String), content_json: expect.any(String), summary: expect.any(String) });
    expect((await stored(id)).cp.data[0].generated_content).toBe(done.data.content);
  });

  it('streams the composer paragraph by paragraph for own_words', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswerStream',
      headers: owner.headers,
      payload: storyBody(id, cp, 0),
    });
    const events = parseSse(res.body);
    const done = events.find((e) => e.event === 'done')!;
    expect(events.filter((e) => e.event === 'delta').length).toBe(JSON.parse(done.data.content_json as string).length);
  });

  it('refuses before streaming with a plain JSON error (402)', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswerStream',
      headers: owner.headers,
      payload: storyBody(id, cp, 2),
    });
    expect(res.statusCode).toBe(402);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().code).toBe('generation.chapter_locked');
  });

  it('ends with an error event (translated, with code) when the stream breaks after text was sent', async () => {
    const owner = await createUser(app);
    const cp = checkpoint({ fidelity: 'polished' });
    const { id } = await makeBook({ user: owner }, { cp });
    standIn.enqueue({ kind: 'broken', afterChunks: 4 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getStoryAnswerStream',
      headers: { ...owner.headers, lng: 'it' },
      payload: storyBody(id, cp, 0),
    });
    const events = parseSse(res.body);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    const last = events[events.length - 1];
    expect(last.event).toBe('error');
    expect(last.data.code).toBe('generation.stream_broken');
    expect(last.data.error).toMatch(/Le (tue|Sue) risposte sono salvate/);
    const after = (await stored(id)).cp.data[0];
    expect(after.generated_content).toBe('');
    expect(after.questions[1].transcript).toBe(SAMPLE_ANSWERS.en[1].answer);
  });
});

describe('POST /api/getOptimizedTranscript', () => {
  let writer: TestUser;
  beforeAll(async () => {
    writer = await createUser(app);
  });

  it('cleans an answer in the request language (composer when no model: own test app uses the stand-in)', async () => {
    standIn.enqueue({ kind: 'stream', text: 'Je suis née à Lyon.' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/getOptimizedTranscript',
      headers: { ...writer.headers, lng: 'fr' },
      payload: { transcript: 'euh je suis née à à Lyon' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: { content: 'Je suis née à Lyon.' } });
    expect(standIn.requests[0].body.messages![0].content).toMatch(/French/);
  });

  it('400 for an empty or too long transcript', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/api/getOptimizedTranscript',
      headers: writer.headers,
      payload: { transcript: '   ' },
    });
    expect(empty.json().code).toBe('generation.empty_transcript');
    const long = await app.inject({
      method: 'POST',
      url: '/api/getOptimizedTranscript',
      headers: writer.headers,
      payload: { transcript: 'a'.repeat(2501) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('generation.answer_too_long');
  });
});

describe('offline app (no GENERATION_BASE_URL)', () => {
  it('optimises with the composer and writes every fidelity level with it', async () => {
    const offline = await buildTestApp();
    try {
      const user = await createUser(offline);
      const res = await offline.inject({
        method: 'POST',
        url: '/api/getOptimizedTranscript',
        headers: { ...user.headers, lng: 'it' },
        payload: { transcript: 'ehm allora sono nato a Napoli, cioè, nel 1949' },
      });
      expect(res.json()).toEqual({ success: { content: 'Allora sono nato a Napoli nel 1949.' } });
      const cp = checkpoint({ fidelity: 'polished' });
      const row = await createBook(offline, { userId: user.id }, { bookName: 'x', checkpoint: cp });
      const story = await offline.inject({
        method: 'POST',
        url: '/api/getStoryAnswer',
        headers: user.headers,
        payload: storyBody(row.id, cp, 0),
      });
      expect(story.statusCode).toBe(200);
      const content = story.json().success.content as string;
      for (const connective of LANGUAGE_DATA.en.connectives) expect(content).not.toContain(connective);
    } finally {
      await offline.close();
    }
  });
});

describe('tailorChaptersToSubject (for book creation)', () => {
  const chapters = [{ id: 1, name: 'Roots', questions: [{ id: 10, name: 'Where was she born?' }] }];
  it('keeps the bank questions with the composer, and when the model fails', async () => {
    const context = sampleContext('en', { kind: 'another_story', subject: 'My grandmother Jeanne, born in Brittany.' });
    expect(await tailorChaptersToSubject(new Composer(), { context, chapters })).toEqual(chapters);
    const failing = new OpenAiCompatibleProvider({ baseUrl: standIn.url, apiKey: 'wrong-key', model: 'm', timeoutMs: 2_000 });
    expect(await tailorChaptersToSubject(failing, { context, chapters })).toEqual(chapters);
  });
});

describe('chapter versions (no draft is ever lost)', () => {
  it('keeps the edited text when the chapter is recreated, lists both, restores the edited one; other books cannot see them', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner });
    const first = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    const generated = first.json().success.content as string;
    // The author edits the text (a workspace save), then recreates the chapter.
    const current = await stored(id);
    const edited = {
      ...current.cp,
      data: current.cp.data.map((c, i) =>
        i === 0 ? { ...c, generated_content: `${generated}\n\nMy own last words.`, text_origin: 'edited' as const } : c,
      ),
    };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/upSertSession',
          headers: owner.headers,
          payload: { service_session_id: id, checkpoint_data: edited, version: current.row.version },
        })
      ).statusCode,
    ).toBe(200);
    const body = storyBody(id, cp, 0);
    body.data.questions[0].transcript = 'I was born in York in 1950.';
    const again = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: body });
    expect(again.statusCode).toBe(200);

    const list = await app.inject({ method: 'GET', url: `/api/getTextVersions/${id}/10`, headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const versions = list.json().success as { id: number; origin: string; content: string }[];
    expect(versions.map((v) => v.origin)).toEqual(['generated', 'edited', 'generated']);
    expect(versions[0].content).toBe(again.json().success.content);
    expect(versions[1].content).toContain('My own last words.');
    expect(versions[2].content).toBe(generated);

    const stranger = await createUser(app);
    expect((await app.inject({ method: 'GET', url: `/api/getTextVersions/${id}/10`, headers: stranger.headers })).statusCode).toBe(404);

    const restore = await app.inject({
      method: 'POST',
      url: '/api/restoreTextVersion',
      headers: owner.headers,
      payload: { service_session_id: id, text: 10, version_id: versions[1].id },
    });
    expect(restore.statusCode).toBe(200);
    const after = await stored(id);
    expect(after.cp.data[0].generated_content).toContain('My own last words.');
    expect(after.cp.data[0].text_origin).toBe('edited');
    expect(restore.json().success.version).toBe(after.row.version);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/restoreTextVersion',
      headers: owner.headers,
      payload: { service_session_id: id, text: 20, version_id: versions[1].id },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('facts the writing assistant put in that no answer holds', () => {
  it("flags a name and a year found in no answer, per paragraph, and keeps each paragraph's question ids", async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner }, { paid: true, cp: checkpoint({ fidelity: 'polished' }) });
    standIn.enqueue({
      kind: 'stream',
      text: 'I was born in Leeds in 1948, on Harehills Lane.\n\nMy uncle Giuseppe came to visit in 1953 and Margaret laughed.',
    });
    const res = await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    expect(res.statusCode).toBe(200);
    const paragraphs = JSON.parse(res.json().success.content_json) as { text: string; question_ids: number[]; unsourced?: string[] }[];
    expect(paragraphs[0].unsourced).toBeUndefined();
    expect(paragraphs[1].unsourced).toEqual(['Giuseppe', '1953']);
    for (const paragraph of paragraphs) expect(paragraph.question_ids.length).toBeGreaterThan(0);
    expect((await stored(id)).cp.data[0].generated_content_json).toBe(res.json().success.content_json);
  });
});

describe('introduction and summary: drafts and versions', () => {
  const draft = (target: TestApp, headers: Record<string, string>, id: number, text: string) =>
    target.inject({ method: 'POST', url: '/api/draftBookText', headers, payload: { service_session_id: id, text } });
  const versionsOf = async (target: TestApp, headers: Record<string, string>, id: number, text: string) =>
    (await target.inject({ method: 'GET', url: `/api/getTextVersions/${id}/${text}`, headers })).json().success as {
      id: number;
      origin: string;
      content: string;
    }[];
  const session = async (target: TestApp, headers: Record<string, string>, id: number) =>
    (await target.inject({ method: 'GET', url: `/api/getSession/${id}`, headers })).json().success;

  it('the writing assistant drafts the introduction and the summary from the chapters; every text is kept and can be restored', async () => {
    const owner = await createUser(app);
    const { id, cp } = await makeBook({ user: owner }, { language: 'fr', cp: checkpoint({ language: 'fr' }) });
    expect((await draft(app, owner.headers, id, 'introduction')).json().code).toBe('generation.nothing_to_draft');
    // An introduction written before versions existed: the draft replacing it keeps it.
    await updateSessionFields(app.ctx.db, id, { introduction: 'Written before versions.' });
    await app.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: owner.headers, payload: storyBody(id, cp, 0) });
    const assembled = (await stored(id)).row.book_summary;
    expect(assembled).not.toBe('');
    expect((await session(app, owner.headers, id)).text_origins).toEqual({ book_summary: 'assembled' });

    standIn.requests.length = 0;
    standIn.enqueue({ kind: 'stream', text: 'Leeds, 1948 : tout commence au bord du canal.\n\nVoici "mon" histoire.' });
    const intro = await draft(app, owner.headers, id, 'introduction');
    expect(intro.statusCode).toBe(200);
    expect(intro.json().success).toMatchObject({ text: 'introduction', origin: 'generated' });
    // French typography is applied to the model's text, paragraphs kept.
    expect(intro.json().success.content).toBe('Leeds, 1948\u00a0: tout commence au bord du canal.\n\nVoici «\u00a0mon\u00a0» histoire.');
    // The prompt is the book language's own file (content/prompts/book.fr.md), with the chapters written so far.
    const [system, user] = standIn.requests[0].body.messages!;
    expect(system.content).toContain('Écrivez l’introduction du livre');
    expect(system.content).not.toContain('{{');
    expect(user.content).toContain('Chapter 1: Roots');
    expect(user.content).toContain('Answer: um so I was born in Leeds in 1948');
    expect((await stored(id)).row.introduction).toBe(intro.json().success.content);
    const opened = await session(app, owner.headers, id);
    expect(opened.text_origins).toEqual({ introduction: 'generated', book_summary: 'assembled' });
    expect(opened.introduction).toBe(intro.json().success.content);
    expect(opened.writing_assistant).toBe(true);

    // The summary: the assistant's draft replaces the assembled one, which stays among the versions.
    standIn.enqueue({ kind: 'stream', text: 'De Leeds au canal, une vie racontée.' });
    const summary = await draft(app, owner.headers, id, 'book_summary');
    expect(summary.json().success).toMatchObject({ content: 'De Leeds au canal, une vie racontée.', origin: 'generated' });
    const kept = await versionsOf(app, owner.headers, id, 'book_summary');
    expect(kept.map((v) => [v.origin, v.content])).toEqual([
      ['generated', 'De Leeds au canal, une vie racontée.'],
      ['assembled', assembled],
    ]);

    // An edit by the author is a version too; restoring the assistant's draft brings it back.
    const edited = await app.inject({
      method: 'POST',
      url: '/api/updateBookAttribute',
      headers: owner.headers,
      payload: { id, attribute: 'introduction', value: 'Mes mots à moi.', previous_value: intro.json().success.content },
    });
    expect(edited.statusCode).toBe(200);
    const introVersions = await versionsOf(app, owner.headers, id, 'introduction');
    expect(introVersions.map((v) => v.origin)).toEqual(['edited', 'generated', 'edited']);
    expect(introVersions[2].content).toBe('Written before versions.');
    expect((await session(app, owner.headers, id)).text_origins.introduction).toBe('edited');
    const restore = await app.inject({
      method: 'POST',
      url: '/api/restoreTextVersion',
      headers: owner.headers,
      payload: { service_session_id: id, text: 'introduction', version_id: introVersions[1].id },
    });
    expect(restore.statusCode).toBe(200);
    expect(restore.json().success).toMatchObject({ content: intro.json().success.content, origin: 'generated' });
    expect((await stored(id)).row.introduction).toBe(intro.json().success.content);
    expect((await session(app, owner.headers, id)).text_origins.introduction).toBe('generated');
    // A version of one text cannot be restored as another, and other people see none of it.
    const crossed = await app.inject({
      method: 'POST',
      url: '/api/restoreTextVersion',
      headers: owner.headers,
      payload: { service_session_id: id, text: 'book_summary', version_id: introVersions[0].id },
    });
    expect(crossed.statusCode).toBe(404);
    const stranger = await createUser(app);
    expect((await draft(app, stranger.headers, id, 'introduction')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/getTextVersions/${id}/introduction` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/getTextVersions/${id}/nonsense`, headers: owner.headers })).statusCode).toBe(400);
  });

  it('offline: no introduction draft (the author writes it), the summary is assembled from the chapter summaries and says so', async () => {
    const offline = await buildTestApp();
    try {
      const user = await createUser(offline);
      const cp = checkpoint();
      const row = await createBook(offline, { userId: user.id }, { bookName: 'x', checkpoint: cp });
      expect((await draft(offline, user.headers, row.id, 'book_summary')).json().code).toBe('generation.nothing_to_draft');
      await offline.inject({ method: 'POST', url: '/api/getStoryAnswer', headers: user.headers, payload: storyBody(row.id, cp, 0) });
      const refused = await draft(offline, { ...user.headers, lng: 'it' }, row.id, 'introduction');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'generation.assistant_needed',
        error: expect.stringContaining('assistente di scrittura'),
      });

      // The author rewrote the summary; asking for a draft again assembles it anew and keeps theirs.
      const opened = (await offline.inject({ method: 'GET', url: `/api/getSession/${row.id}`, headers: user.headers })).json().success;
      expect(opened.writing_assistant).toBe(false);
      await offline.inject({
        method: 'POST',
        url: '/api/updateBookAttribute',
        headers: user.headers,
        payload: { id: row.id, attribute: 'book_summary', value: 'My own ending.', previous_value: opened.book_summary },
      });
      const again = await draft(offline, user.headers, row.id, 'book_summary');
      expect(again.json().success).toMatchObject({ origin: 'assembled', content: opened.book_summary });
      const kept = await versionsOf(offline, user.headers, row.id, 'book_summary');
      expect(kept.map((v) => v.origin)).toEqual(['edited', 'assembled']);
      expect(kept[0].content).toBe('My own ending.');
    } finally {
      await offline.close();
    }
  });
});
