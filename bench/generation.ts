/**
 * Generation figures: `npx tsx bench/generation.ts`
 * 1. Offline composer: milliseconds per chapter, per language (and a chapter of 8 maximal answers).
 * 2. Against the local OpenAI-compatible stand-in with a fixed time to first token: the time to the
 *    first word straight from the stand-in, and through POST /api/getStoryAnswerStream (auth, rate
 *    limit, answers saved, prompt built, SSE relayed) — the difference is what our server adds.
 */
import { LANGUAGES } from '@common/constants';
import type { CheckpointData } from '@common/schemas/session';
import { insertSession, updateSessionFields } from '../server/src/books/repository';
import { composeChapter } from '../server/src/providers/generation/composer';
import { SAMPLE_ANSWERS, sampleContext } from '../server/test/sample-answers';
import { buildTestApp, createUser } from '../server/test/helpers';
import { startOpenAiStandIn } from '../server/test/stand-ins/openai';
import { figure, round } from './lib';

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

async function benchFirstToken() {
  const standIn = await startOpenAiStandIn({ defaultBehaviour: { kind: 'stream', firstTokenDelayMs: FIRST_TOKEN_MS } });
  const app = await buildTestApp({
    GENERATION_BASE_URL: standIn.url,
    GENERATION_API_KEY: 'bench',
    GENERATION_MODEL: 'bench',
    GENERATION_TIMEOUT_MS: 30_000,
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
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
        `${address}/api/getStoryAnswerStream`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...user.headers },
          body: JSON.stringify({
            data: checkpoint.data[0],
            service_session_id: row.id,
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
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    console.log(`  (our part: auth + rate limit + answers saved in ${database} + prompt + SSE relay)`);
  } finally {
    await app.close();
    await standIn.close();
  }
}

benchComposer();
await benchFirstToken();
