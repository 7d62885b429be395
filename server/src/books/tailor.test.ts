import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@common/constants';
import { typographic } from '@common/rules/typography';
import { CheckpointDataSchema, type Chapter } from '@common/schemas/session';
import { buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { startOpenAiStandIn, type OpenAiStandIn, type StandInBehaviour } from '../../test/stand-ins/openai';
import { VALID, legacyDoc, multipart } from '../../test/fixtures/books/forms';
import { TAILORED_CHAPTER_NAME_MAX, TAILORED_QUESTION_MAX, TAILORED_QUESTIONS_MAX, tailoredChapters } from './tailor';

const TAILOR_TIMEOUT_MS = 1500;

let standIn: OpenAiStandIn;
let app: TestApp;
let offline: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
let offlineUser: Awaited<ReturnType<typeof createUser>>;
let ipCounter = 0;

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  app = await buildTestApp({ GENERATION_BASE_URL: standIn.url, GENERATION_TAILOR_TIMEOUT_MS: TAILOR_TIMEOUT_MS });
  offline = await buildTestApp();
  user = await createUser(app);
  offlineUser = await createUser(offline);
});
afterAll(async () => {
  await app?.close();
  await offline?.close();
  await standIn?.close();
});

function create(target: TestApp, fields: Record<string, string>, opts: { guest?: boolean; lng?: Language; withDoc?: boolean } = {}) {
  const files = opts.withDoc ? [{ field: 'word_file', filename: 'old.doc', contentType: 'application/msword', data: legacyDoc() }] : [];
  const { payload, headers } = multipart(fields, files);
  ipCounter += 1;
  const auth = opts.guest ? {} : (target === app ? user : offlineUser).headers;
  return target.inject({
    method: 'POST',
    url: opts.guest ? '/api/getGenerateCategoriesWithQuestionsAsGuest' : '/api/getGenerateCategoriesWithQuestions',
    payload,
    headers: { ...headers, lng: opts.lng ?? 'en', ...auth },
    remoteAddress: `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  });
}

type Tailored = Array<{ id: number; name: string; questions: Array<{ id?: number; name: string }> }>;

/** The bank's chapters as the tailoring prompt sends them, changed by `change`. */
function bankAsTailored(lng: Language, kind: 1 | 2 | 3, change: (t: Tailored) => Tailored = (t) => t): Tailored {
  const fields = VALID[kind];
  const chapters = app.ctx.questionBank.chaptersFor({
    generalCategoryId: kind,
    typeIds: JSON.parse(fields.category_based_type_ids) as number[],
    lengthTypeId: Number(fields.category_length_type_id),
    lng,
  });
  return change(chapters.map((c) => ({ id: c.id, name: c.name, questions: c.questions.map((q) => ({ id: q.id, name: q.name })) })));
}

/** A model's answer: the JSON in a fenced block after a sentence, as chat models write it. */
const modelAnswer = (chapters: Tailored): StandInBehaviour => ({
  kind: 'stream',
  text: `Voici les chapitres adaptés :\n\`\`\`json\n${JSON.stringify(chapters)}\n\`\`\``,
});

/** Chapter and question shape: every key with its type, ids and texts aside. */
function shapeOf(chapters: Chapter[]) {
  const typesOf = (o: object) =>
    Object.entries(o)
      .map(([k, v]) => `${k}:${Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v}`)
      .sort();
  return chapters.map((c) => ({ chapter: typesOf(c), questions: c.questions.map((q) => typesOf(q)) }));
}

describe('tailoredChapters (validation of a provider answer)', () => {
  const q = (id: number, name: string) => ({
    id,
    name,
    transcript: '',
    question_category_id: Math.floor(id / 10),
    category_based_type_id: 101,
    category_length_type_id: 11,
    nudges: [`nudge ${id}`],
    sensitivity: 'low' as const,
    essential: true,
  });
  const bank: Chapter[] = [
    {
      id: 5,
      general_category_id: 1,
      name: 'Childhood',
      questions: [q(51, 'Where were you born?'), q(52, 'Who raised you?')],
      generated_content: '',
      generated_count: 0,
    },
    { id: 7, general_category_id: 1, name: 'Work', questions: [q(71, 'Your first job?')], generated_content: '', generated_count: 0 },
  ];
  const answer = () => [
    {
      id: 5,
      name: 'Childhood in Brittany',
      questions: [
        { id: 51, name: 'Where in Brittany were you born?' },
        { id: 52, name: 'Who raised you by the sea?' },
      ],
    },
    { id: 7, name: 'The bakery', questions: [{ id: 71, name: 'Your first job at the bakery?' }] },
  ];

  it('keeps ids, order, question fields and the bank metadata, with the new texts', () => {
    const result = tailoredChapters(bank, answer(), 'en')!;
    expect(result.map((c) => [c.id, c.name])).toEqual([
      [5, 'Childhood in Brittany'],
      [7, 'The bakery'],
    ]);
    expect(result[0].questions[1]).toEqual({ ...bank[0].questions[1], name: 'Who raised you by the sea?' });
    expect(result[1]).toMatchObject({ general_category_id: 1, generated_content: '', generated_count: 0 });
  });

  it('gives new, unknown, foreign or repeated question ids the next id after the highest in the book', () => {
    const output = answer();
    output[0].questions.push(
      { name: 'Which games did you play?' } as { id: number; name: string },
      { id: 71, name: 'Borrowed id?' },
      { id: 51, name: 'Repeated id?' },
    );
    output[1].questions.push({ id: 9999.5, name: 'Odd id?' });
    const result = tailoredChapters(bank, output, 'en')!;
    expect(result[0].questions.map((x) => x.id)).toEqual([51, 52, 72, 73, 74]);
    expect(result[1].questions.map((x) => x.id)).toEqual([71, 75]);
    expect(result[0].questions[2]).toEqual({
      id: 72,
      name: 'Which games did you play?',
      transcript: '',
      question_category_id: 5,
      category_based_type_id: 101,
      category_length_type_id: 11,
    });
  });

  it('trims and flattens texts', () => {
    const output = answer();
    output[0].name = '  Childhood\n in   Brittany ';
    expect(tailoredChapters(bank, output, 'en')![0].name).toBe('Childhood in Brittany');
  });

  it.each<[string, (o: ReturnType<typeof answer>) => unknown]>([
    ['not a list', () => ({ chapters: [] })],
    ['a chapter less', (o) => o.slice(0, 1)],
    ['a chapter more', (o) => [...o, { id: 8, name: 'Extra', questions: [{ id: 81, name: 'x?' }] }]],
    ['chapters swapped', (o) => [o[1], o[0]]],
    ['a chapter id changed', (o) => [{ ...o[0], id: 6 }, o[1]]],
    ['a chapter without questions', (o) => [{ ...o[0], questions: [] }, o[1]]],
    ['questions not a list', (o) => [{ ...o[0], questions: 'none' }, o[1]]],
    [
      'too many questions',
      (o) => [{ ...o[0], questions: Array.from({ length: TAILORED_QUESTIONS_MAX + 1 }, (_, i) => ({ id: 51, name: `q${i}?` })) }, o[1]],
    ],
    ['an empty chapter name', (o) => [{ ...o[0], name: '   ' }, o[1]]],
    ['a chapter name not a string', (o) => [{ ...o[0], name: 5 }, o[1]]],
    ['a chapter name too long', (o) => [{ ...o[0], name: 'n'.repeat(TAILORED_CHAPTER_NAME_MAX + 1) }, o[1]]],
    ['an empty question', (o) => [o[0], { ...o[1], questions: [{ id: 71, name: '' }] }]],
    ['a question too long', (o) => [o[0], { ...o[1], questions: [{ id: 71, name: 'q'.repeat(TAILORED_QUESTION_MAX + 1) }] }]],
    ['a null question', (o) => [o[0], { ...o[1], questions: [null] }]],
  ])('refuses %s', (_label, change) => {
    expect(tailoredChapters(bank, change(answer()), 'en')).toBeNull();
  });
});

describe('chapters tailored at creation, with a text-generation provider', () => {
  it.each([
    [false, 'fr', 2],
    [true, 'it', 3],
  ] as const)('come from the provider in the request language, same shape as the bank (guest: %s, %s)', async (guest, lng, kind) => {
    const tailored = bankAsTailored(lng, kind, (chapters) =>
      chapters.map((c, i) => ({
        ...c,
        name: `${c.name} — l'orto ${i}`,
        questions: c.questions.map((qq) => ({ ...qq, name: `Rose ${qq.id} : ${qq.name}` })),
      })),
    );
    // the model's typewriter apostrophes and French spaces: the book gets the language's typography, as the bank's texts
    const typeset = (text: string) => typographic(text, lng);
    const before = standIn.requests.length;
    standIn.enqueue(modelAnswer(tailored));
    const res = await create(app, VALID[kind], { guest, lng });
    expect(res.statusCode, res.body).toBe(200);
    const cp = res.json().success.checkpoint_data;
    expect(CheckpointDataSchema.safeParse(cp).success).toBe(true);
    expect(cp.data.map((c: Chapter) => c.id)).toEqual(tailored.map((c) => c.id));
    expect(cp.data.map((c: Chapter) => c.name)).toEqual(tailored.map((c) => typeset(c.name)));
    expect(cp.data[0].name).toContain('l’orto 0');
    expect(cp.data.map((c: Chapter) => c.questions.map((qq) => [qq.id, qq.name]))).toEqual(
      tailored.map((c) => c.questions.map((qq) => [qq.id, typeset(qq.name)])),
    );

    // One call, in the book's language, about the author's subject.
    expect(standIn.requests.length).toBe(before + 1);
    const messages = standIn.requests[before].body.messages!;
    expect(messages[0].content).toContain(lng === 'fr' ? 'French' : 'Italian');
    expect(messages[1].content).toContain(VALID[kind].another_story_subject);

    // The offline default gives the bank's texts in exactly the same shape.
    const bankRes = await create(offline, VALID[kind], { guest, lng });
    expect(bankRes.statusCode, bankRes.body).toBe(200);
    const bankData: Chapter[] = bankRes.json().success.checkpoint_data.data;
    expect(shapeOf(cp.data)).toEqual(shapeOf(bankData));
    const strip = (chapters: Chapter[]) =>
      chapters.map((c) => ({ ...c, name: '', questions: c.questions.map((qq) => ({ ...qq, name: '' })) }));
    expect(strip(cp.data)).toEqual(strip(bankData));
    expect(bankData.map((c) => c.name)).toEqual(bankAsTailored(lng, kind).map((c) => c.name));
  });

  it('tailors an autobiography to its description, which stays the first answer', async () => {
    standIn.enqueue(modelAnswer(bankAsTailored('es', 1, (chapters) => chapters.map((c) => ({ ...c, name: `Bretaña: ${c.name}` })))));
    const before = standIn.requests.length;
    const res = await create(app, VALID[1], { lng: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    const data: Chapter[] = res.json().success.checkpoint_data.data;
    expect(data.every((c) => c.name.startsWith('Bretaña: '))).toBe(true);
    expect(data[0].questions[0].transcript).toBe(VALID[1].description);
    expect(standIn.requests[before].body.messages![1].content).toContain(VALID[1].description);
  });

  it('does not call the provider when there is nothing to tailor to (a manuscript, no description)', async () => {
    const before = standIn.requests.length;
    const res = await create(app, { ...VALID[1], description: '' }, { lng: 'fr', withDoc: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(standIn.requests.length).toBe(before);
  });

  const bankFallbacks: Array<[string, () => StandInBehaviour]> = [
    ['answers prose instead of JSON', () => ({ kind: 'stream', text: 'Je suis désolé, je ne peux pas faire cela.' })],
    ['answers broken JSON', () => ({ kind: 'stream', text: '[{"id": 1, "name": "Tronqué", "questions": [' })],
    [
      'rewrites a question far too long',
      () =>
        modelAnswer(
          bankAsTailored('fr', 2, (c) => [
            { ...c[0], questions: c[0].questions.map((qq) => ({ ...qq, name: 'Q'.repeat(TAILORED_QUESTION_MAX + 100) })) },
            ...c.slice(1),
          ]),
        ),
    ],
    [
      'renames a chapter far too long',
      () => modelAnswer(bankAsTailored('fr', 2, (c) => [...c.slice(0, -1), { ...c[c.length - 1], name: 'Chapitre '.repeat(60) }])),
    ],
    ['refuses the request (400)', () => ({ kind: 'error', status: 400, message: 'Invalid model' })],
    ['fails (500), again and again', () => ({ kind: 'error', status: 500 })],
  ];
  it.each(bankFallbacks)('keeps the bank chapters when the provider %s', async (_label, behaviour) => {
    standIn.setDefault(behaviour());
    try {
      const res = await create(app, VALID[2], { lng: 'fr', guest: true });
      expect(res.statusCode, res.body).toBe(200);
      const expected = await create(offline, VALID[2], { lng: 'fr', guest: true });
      const strip = (data: Chapter[]) => data.map((c) => ({ id: c.id, name: c.name, questions: c.questions }));
      expect(strip(res.json().success.checkpoint_data.data)).toEqual(strip(expected.json().success.checkpoint_data.data));
    } finally {
      standIn.setDefault({ kind: 'stream' });
    }
  });

  it(`gives up after GENERATION_TAILOR_TIMEOUT_MS (${TAILOR_TIMEOUT_MS} ms here) and keeps the bank chapters`, async () => {
    standIn.enqueue({ kind: 'hang' });
    const started = Date.now();
    const res = await create(app, VALID[3], { lng: 'en' });
    const elapsed = Date.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(TAILOR_TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(TAILOR_TIMEOUT_MS + 3000);
    expect(res.json().success.checkpoint_data.data.map((c: Chapter) => c.name)).toEqual(bankAsTailored('en', 3).map((c) => c.name));
  });
});

describe('chapters at creation, offline (the default)', () => {
  it('come straight from the bank', async () => {
    const res = await create(offline, VALID[2], { lng: 'it' });
    expect(res.statusCode, res.body).toBe(200);
    const data: Chapter[] = res.json().success.checkpoint_data.data;
    const bank = offline.ctx.questionBank.chaptersFor({ generalCategoryId: 2, typeIds: [301], lengthTypeId: 21, lng: 'it' });
    expect(data.map((c) => [c.id, c.name, c.questions.map((qq) => [qq.id, qq.name, qq.nudges])])).toEqual(
      bank.map((c) => [c.id, c.name, c.questions.map((qq) => [qq.id, qq.name, qq.nudges])]),
    );
  });
});
