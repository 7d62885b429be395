/**
 * Generation figures: `npx tsx bench/generation.ts`
 * 1. Offline composer: milliseconds per chapter, per language (and a chapter of 8 maximal answers).
 * 2. Against the local OpenAI-compatible stand-in with a fixed time to first token: the time to the
 *    first word straight from the stand-in, and through POST /api/getStoryAnswerStream of the built
 *    server in its own process (auth, rate limit, answers checked, prompt built, SSE relayed) — the
 *    difference is what our server adds. Needs `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@common/constants';
import type { CheckpointData } from '@common/schemas/session';
import { buildApp } from '../server/src/app';
import { insertSession, updateSessionFields } from '../server/src/books/repository';
import { loadConfig } from '../server/src/config';
import { composeChapter } from '../server/src/providers/generation/composer';
import { SAMPLE_ANSWERS, sampleContext } from '../server/test/sample-answers';
import { createUser } from '../server/test/helpers';
import { startOpenAiStandIn } from '../server/test/stand-ins/openai';
import { MALLOC_ENV, figure, round, startChild } from './lib';

const FIRST_TOKEN_MS = Number(process.env.FIRST_TOKEN_MS ?? 250);
const RUNS = Number(process.env.RUNS ?? 25);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (n: number) => n.toFixed(2).padStart(8);

function benchComposer() {
  console.log('Offline composer (ms per chapter)');
  console.log('  chapter                          mean      p95      max');
  const cases: [string, Parameters<typeof composeChapter>[0]][] = LANGUAGES.map((lng) => [
    `${lng}: ${SAMPLE_ANSWERS[lng].length} spoken answers`,
    { context: sampleContext(lng), chapter: { id: 1, name: 'c', answers: SAMPLE_ANSWERS[lng] } },
  ]);
  const long = SAMPLE_ANSWERS.en
    .filter((a) => a.answer)
    .map((a) => a.answer)
    .join(' ');
  const big = Array.from({ length: 8 }, (_, i) => ({ id: i, question: 'q', answer: long.repeat(10).slice(0, 2500) }));
  cases.push(['en: 8 answers x 2500 chars', { context: sampleContext('en'), chapter: { id: 1, name: 'c', answers: big } }]);
  for (const [label, input] of cases) {
    for (let i = 0; i < 20; i += 1) composeChapter(input);
    const times: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const t = performance.now();
      composeChapter(input);
      times.push(performance.now() - t);
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(`  ${label.padEnd(30)}${fmt(mean)} ${fmt(quantile(times, 0.95))} ${fmt(Math.max(...times))}`);
  }
}

/** Milliseconds from sending `init` to `url` until the stream's first piece of text. */
async function timeToFirstText(url: string, init: RequestInit, isText: (block: string) => boolean): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first = -1;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    if (first < 0 && blocks.some(isText)) first = performance.now() - started;
  }
  if (first < 0) throw new Error('no text received');
  return first;
}

/** A paid book of one chapter with the sample answers, and its owner, in a new data folder. */
async function prepareBook() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bench-generation-'));
  const app = await buildApp(loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none' }), {
    logger: false,
  });
  const user = await createUser(app);
  const checkpoint: CheckpointData = {
    data: [
      {
        id: 1,
        name: 'Childhood',
        general_category_id: 1,
        generated_content: '',
        generated_count: 0,
        questions: SAMPLE_ANSWERS.en.map((a) => ({ id: a.id, name: a.question, transcript: a.answer, question_category_id: 1 })),
      },
    ],
    lookups: { survey_questions: [] },
    general_category_id: 1,
    category_based_type_ids: [],
    services_with_plans: [],
    language: 'en',
    fidelity: 'light_edit',
  };
  const row = await insertSession(app.ctx.db, {
    user_id: user.id,
    guest_token_hash: null,
    service_id: 1,
    general_category_id: 1,
    book_name: 'Bench',
    language: 'en',
    checkpoint,
  });
  await updateSessionFields(app.ctx.db, row.id, { is_payed: 1 });
  await app.close();
  return { dataDir, headers: user.headers, bookId: row.id, chapter: checkpoint.data[0] };
}

async function benchFirstToken() {
  const standIn = await startOpenAiStandIn({ defaultBehaviour: { kind: 'stream', firstTokenDelayMs: FIRST_TOKEN_MS } });
  const book = await prepareBook();
  // The built server in its own process, as production runs it: a client never shares its event loop
  // (in one process, the client read its first word only once the server had stored the whole chapter).
  const server = await startChild(['dist/server/server.js'], {
    DATA_DIR: book.dataDir,
    CAPTCHA_PROVIDER: 'none',
    NODE_ENV: 'production',
    ...MALLOC_ENV,
    GENERATION_BASE_URL: standIn.url,
    GENERATION_API_KEY: 'bench',
    GENERATION_MODEL: 'bench',
    GENERATION_TIMEOUT_MS: '30000',
    DATABASE_URL: '', // SQLite, where prepareBook wrote the book, even when the bench is given DATABASE_URL
  });
  try {
    const direct = () =>
      timeToFirstText(
        `${standIn.url}/chat/completions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
          body: JSON.stringify({
            model: 'bench',
            stream: true,
            messages: [{ role: 'user', content: `Answer: ${SAMPLE_ANSWERS.en[0].answer}` }],
          }),
        },
        (b) => /"content":"[^"]/.test(b),
      );
    const viaServer = () =>
      timeToFirstText(
        `${server.url}/api/getStoryAnswerStream`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...book.headers },
          body: JSON.stringify({
            data: book.chapter,
            service_session_id: book.bookId,
            selected_survey_questions: [],
            index: 0,
            isPayed: true,
            user: null,
          }),
        },
        (b) => b.startsWith('event: delta'),
      );

    await direct();
    await viaServer();
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      a.push(await direct());
      b.push(await viaServer());
    }
    const overhead = a.map((x, i) => b[i] - x);
    console.log(`\nTime to first word, stand-in first-token delay ${FIRST_TOKEN_MS} ms, ${RUNS} runs (ms)`);
    console.log('                                      median      p95');
    console.log(`  straight from the stand-in        ${fmt(quantile(a, 0.5))} ${fmt(quantile(a, 0.95))}`);
    console.log(`  through getStoryAnswerStream      ${fmt(quantile(b, 0.5))} ${fmt(quantile(b, 0.95))}`);
    console.log(`  added by our server (paired)      ${fmt(quantile(overhead, 0.5))} ${fmt(quantile(overhead, 0.95))}`);
    figure({
      name: "generation: provider's first token → first word on the client, p95 (added by our server, paired)",
      value: round(quantile(overhead, 0.95), 1),
      unit: 'ms',
      anchor: 'the stand-in straight, first word p95',
      anchorValue: round(quantile(a, 0.95), 1),
      goal: '≤ 50 ms',
    });
    console.log('  (our part: auth + rate limit + answers checked in SQLite + prompt + SSE relay)');
  } finally {
    await server.stop();
    await standIn.close();
    fs.rmSync(book.dataDir, { recursive: true, force: true });
  }
}

benchComposer();
await benchFirstToken();
