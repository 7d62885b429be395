import { franc } from 'franc-min';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@common/constants';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../test/stand-ins/openai';
import { SAMPLE_ANSWERS, sampleContext } from '../../../test/sample-answers';
import { createGenerationProvider } from './index';
import {
  attributeParagraphs,
  CHAPTER_MAX_TOKENS,
  GenerationFailure,
  OpenAiCompatibleProvider,
  paragraphsFromText,
  readSse,
} from './openai-compatible';
import { chapterPrompt } from './prompts';

const ISO3: Record<Language, string> = { en: 'eng', fr: 'fra', es: 'spa', it: 'ita' };
let standIn: OpenAiStandIn;

const provider = (overrides: Partial<ConstructorParameters<typeof OpenAiCompatibleProvider>[0]> = {}) =>
  new OpenAiCompatibleProvider({
    baseUrl: standIn.url,
    apiKey: 'sk-test',
    model: 'test-model',
    timeoutMs: 5_000,
    backoffMs: 10,
    ...overrides,
  });

const chapterInput = (language: Language = 'en', fidelity: 'light_edit' | 'polished' = 'light_edit') => ({
  context: sampleContext(language, {
    fidelity,
    survey: [{ question: 'Style', answer: 'Warm and simple' }],
    earlierSummaries: ['I was born in Leeds.'],
  }),
  chapter: { id: 1, name: 'Childhood', answers: SAMPLE_ANSWERS[language] },
});

async function failureOf(promise: Promise<unknown>): Promise<GenerationFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GenerationFailure);
    return error as GenerationFailure;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ apiKey: 'sk-test' });
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.setDefault({ kind: 'stream' });
});

describe('OpenAI-compatible adapter against the stand-in', () => {
  it('streams a chapter piece by piece, asks for usage, and sends the author-first prompt', async () => {
    const deltas: string[] = [];
    const out = await provider().writeChapter(chapterInput('en'), { onDelta: (t) => deltas.push(t) });
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.join('')).toBe(out.content.replace(/\n\n/g, '\n\n'));
    expect(out.paragraphs.length).toBe(4);
    expect(out.paragraphs[0].question_ids).toEqual([101]);
    expect(out.paragraphs[1].question_ids).toEqual([102]);
    expect(out.summary.length).toBeGreaterThan(10);
    const request = standIn.requests[0];
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: CHAPTER_MAX_TOKENS,
    });
    const [system, user] = request.body.messages!;
    expect(system.content).toMatch(/ONLY facts found in the author's answers/);
    expect(system.content).toMatch(/light edit/);
    expect(system.content).toMatch(/Write in English only/);
    expect(user.content).toContain('Summaries of the earlier chapters (do not tell again what they told):\n1. I was born in Leeds.');
    expect(user.content).toContain('Style: Warm and simple');
    expect(user.content).not.toContain('What games did you play?'); // unanswered questions are left out
  });

  it.each(LANGUAGES)('keeps the book language end to end (franc-min on stand-in output, %s)', async (lng) => {
    const out = await provider().writeChapter(chapterInput(lng, 'polished'));
    expect(franc(out.content)).toBe(ISO3[lng]);
    // The system prompt is the book language's own file (content/prompts/chapter.{lng}.md), placeholders filled.
    const system = standIn.requests[0].body.messages![0].content;
    const { version, sections } = chapterPrompt(lng);
    expect(version).toBeGreaterThan(0);
    expect(system).toContain(sections['fidelity.polished']);
    expect(system).toContain(sections['kind.autobiography']);
    expect(system).not.toContain('{{');
    expect(franc(system)).toBe(ISO3[lng]);
  });

  it('retries 429 and 5xx with back-off (Retry-After honoured), then succeeds', async () => {
    standIn.enqueue({
      kind: 'error',
      status: 429,
      message: 'Rate limit reached',
      type: 'requests',
      code: 'rate_limit_exceeded',
      retryAfter: '0',
    });
    standIn.enqueue({ kind: 'error', status: 503, rawBody: '<html>Service Unavailable</html>' });
    const started = performance.now();
    const result = await provider({ maxAttempts: 3 }).complete([{ role: 'user', content: 'Answer: hello there' }]);
    expect(result.text).toBe('hello there');
    expect(result.attempts).toBe(3);
    expect(result.usage).toMatchObject({ completion_tokens: 2 });
    expect(result.finishReason).toBe('stop');
    expect(standIn.requests.length).toBe(3);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('gives up after the last attempt with a translated busy error', async () => {
    standIn.setDefault({ kind: 'error', status: 429, message: 'Rate limit reached', code: 'rate_limit_exceeded', retryAfter: '0' });
    const failure = await failureOf(provider({ maxAttempts: 2 }).complete([{ role: 'user', content: 'x' }]));
    expect(failure.code).toBe('generation.provider_busy');
    expect(failure.statusCode).toBe(503);
    expect(failure.detail).toContain('Rate limit reached');
    expect(standIn.requests.length).toBe(2);
  });

  it('does not retry a rejected request (bad key, bad model)', async () => {
    const failure = await failureOf(provider({ apiKey: 'wrong' }).complete([{ role: 'user', content: 'x' }]));
    expect(failure.code).toBe('generation.provider_rejected');
    expect(failure.detail).toContain('Incorrect API key');
    standIn.enqueue({
      kind: 'error',
      status: 404,
      message: 'The model `nope` does not exist',
      type: 'invalid_request_error',
      code: 'model_not_found',
    });
    const notFound = await failureOf(provider().complete([{ role: 'user', content: 'x' }]));
    expect(notFound.code).toBe('generation.provider_rejected');
    expect(standIn.requests.length).toBe(1);
  });

  it('times out when the first token never comes, and on the overall deadline', async () => {
    standIn.setDefault({ kind: 'hang' });
    const idle = await failureOf(provider({ idleTimeoutMs: 150, maxAttempts: 1 }).complete([{ role: 'user', content: 'x' }]));
    expect(idle.code).toBe('generation.timeout');
    standIn.setDefault({ kind: 'stream', firstTokenDelayMs: 1_000 });
    const started = performance.now();
    const deadline = await failureOf(provider({ timeoutMs: 200 }).complete([{ role: 'user', content: 'x' }]));
    expect(deadline.code).toBe('generation.timeout');
    expect(deadline.statusCode).toBe(504);
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('waits for a slow first token within the timeout', async () => {
    standIn.enqueue({ kind: 'stream', firstTokenDelayMs: 300, text: 'Slow but sure.' });
    const result = await provider().complete([{ role: 'user', content: 'x' }]);
    expect(result.text).toBe('Slow but sure.');
  });

  it('retries a stream broken before any text reached the client; fails clearly once text was shown', async () => {
    standIn.enqueue({ kind: 'broken', afterChunks: 2 });
    const quiet = await provider().complete([{ role: 'user', content: 'Answer: one two three four five' }]);
    expect(quiet.text).toBe('one two three four five');
    expect(quiet.attempts).toBe(2);

    standIn.enqueue({ kind: 'broken', afterChunks: 2 });
    const shown: string[] = [];
    const failure = await failureOf(
      provider().complete([{ role: 'user', content: 'Answer: one two three four five' }], { onDelta: (t) => shown.push(t) }),
    );
    expect(failure.code).toBe('generation.stream_broken');
    expect(shown.join('')).toBe('one two ');
    expect(standIn.requests.length).toBe(3);
  });

  it('treats an error object inside the stream as a provider failure', async () => {
    standIn.setDefault({ kind: 'error-chunk', afterChunks: 0, message: 'The model is overloaded.' });
    const failure = await failureOf(provider({ maxAttempts: 2 }).complete([{ role: 'user', content: 'x' }]));
    expect(failure.code).toBe('generation.provider_unavailable');
    expect(failure.detail).toContain('overloaded');
  });

  it('accepts a server that ignores stream:true and answers one JSON completion', async () => {
    standIn.enqueue({ kind: 'json', text: 'Plain answer.' });
    const deltas: string[] = [];
    const result = await provider().complete([{ role: 'user', content: 'x' }], { onDelta: (t) => deltas.push(t) });
    expect(result.text).toBe('Plain answer.');
    expect(deltas).toEqual(['Plain answer.']);
  });

  it('stops when the caller aborts (the client went away)', async () => {
    standIn.setDefault({ kind: 'stream', firstTokenDelayMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const failure = await failureOf(provider().complete([{ role: 'user', content: 'x' }], { signal: controller.signal }));
    expect(failure.code).toBe('generation.cancelled');
  });

  it('optimises an answer and tailors questions, keeping ids even when the model misbehaves', async () => {
    standIn.enqueue({ kind: 'stream', text: 'I was born in Leeds.' });
    expect(await provider().optimizeAnswer({ transcript: 'um I was born in in Leeds', language: 'en' })).toBe('I was born in Leeds.');
    const chapters = [
      {
        id: 1,
        name: 'Roots',
        questions: [
          { id: 10, name: 'Where was she born?' },
          { id: 11, name: 'Who raised her?' },
        ],
      },
    ];
    standIn.enqueue({
      kind: 'stream',
      text: 'Here you go: [{"id":1,"name":"Jeanne\'s roots","questions":[{"id":10,"name":"Where in Brittany was Jeanne born?"}]}]',
    });
    const tailored = await provider().tailorChapters({
      context: sampleContext('en', { kind: 'another_story', subject: 'My grandmother Jeanne' }),
      chapters,
    });
    expect(tailored).toEqual([
      {
        id: 1,
        name: "Jeanne's roots",
        questions: [
          { id: 10, name: 'Where in Brittany was Jeanne born?' },
          { id: 11, name: 'Who raised her?' },
        ],
      },
    ]);
    standIn.enqueue({ kind: 'stream', text: 'Sorry, I cannot.' });
    expect(await provider().tailorChapters({ context: sampleContext('en'), chapters })).toEqual(chapters);
  });
});

describe('adapter helpers', () => {
  it('reads SSE with CRLF, multi-line data, comments and split packets', async () => {
    const parts = [': keep-alive\r\n\r\ndata: {"a":', '1}\r\n\r\nevent: x\ndata: line1\ndata: line2\n\n', 'data: [DONE]\n\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
        controller.close();
      },
    });
    const seen: string[] = [];
    const done = await readSse(body, (d) => {
      seen.push(d);
      return d === '[DONE]';
    });
    expect(done).toBe(true);
    expect(seen).toEqual(['{"a":1}', 'line1\nline2', '[DONE]']);
  });

  it('splits model text into paragraphs and attributes each to the answers it draws on', () => {
    const texts = paragraphsFromText('## Chapter\n\nHe worked at the mill in Leeds.\nEvery day.\n\nMargaret had red hair and laughed.');
    expect(texts).toEqual(['He worked at the mill in Leeds. Every day.', 'Margaret had red hair and laughed.']);
    const paragraphs = attributeParagraphs(texts, SAMPLE_ANSWERS.en);
    expect(paragraphs[0].question_ids).toEqual([101]);
    expect(paragraphs[1].question_ids).toEqual([103]);
  });

  it('routes own_words to the composer, other levels to the model only when one is configured', async () => {
    const offline = createGenerationProvider({
      GENERATION_MODEL: 'm',
      GENERATION_TIMEOUT_MS: 1000,
      GENERATION_BASE_URL: undefined,
      GENERATION_API_KEY: undefined,
    });
    expect(offline.model).toBeNull();
    const out = await offline.writeChapter(chapterInput('en', 'polished'));
    expect(out.paragraphs[0].text).toMatch(/^I was born in Leeds in 1948/);
    const online = createGenerationProvider({
      GENERATION_MODEL: 'm',
      GENERATION_TIMEOUT_MS: 5000,
      GENERATION_BASE_URL: standIn.url,
      GENERATION_API_KEY: 'sk-test',
    });
    await online.writeChapter({ ...chapterInput('en'), context: { ...chapterInput('en').context, fidelity: 'own_words' } });
    expect(standIn.requests.length).toBe(0);
    await online.writeChapter(chapterInput('en', 'polished'));
    expect(standIn.requests.length).toBe(1);
  });
});
