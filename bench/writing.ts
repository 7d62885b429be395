/**
 * Writing quality, measured: `npx tsx bench/writing.ts` (part of `npm run bench`).
 * Runs fixed answer sets (bench/writing-answers.ts, 3 per language) through each writer — the offline
 * composer, the OpenAI-compatible stand-in, and a real model when GENERATION_BASE_URL is set — and
 * prints per language: facts kept (names, places, dates and numbers of the answers found in the
 * chapter), facts invented (capitalised words and numbers of the chapter found in no answer), output
 * language (franc-min), connectives from the deny-list, quotation marks intact, words out ÷ words in,
 * time to first token and to the whole chapter. Exits non-zero when the composer misses its targets:
 * 100 % facts kept, 0 invented, 0 connectives, quotation marks intact.
 */
import { franc } from 'franc-min';
import { LANGUAGES, type Language } from '@common/constants';
import { quoteBalance, typographic } from '@common/rules/typography';
import { Composer } from '../server/src/providers/generation/composer';
import { factsOf, unsourcedFacts, wordsOfAnswers } from '../server/src/providers/generation/facts';
import { sampleContext } from '../server/test/sample-answers';
import { LANGUAGE_DATA } from '../server/src/providers/generation/language-data';
import { OpenAiCompatibleProvider } from '../server/src/providers/generation/openai-compatible';
import { countWords } from '../server/src/providers/generation/text';
import type { GenerationProvider } from '../server/src/providers/generation/types';
import { startOpenAiStandIn } from '../server/test/stand-ins/openai';
import { WRITING_SETS } from './writing-answers';

const ISO3: Record<Language, string> = { en: 'eng', fr: 'fra', es: 'spa', it: 'ita' };
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, "'");

interface Row {
  factsKept: number;
  factsTotal: number;
  invented: number;
  languageRight: number;
  connectives: number;
  quotesIntact: number;
  wordsIn: number;
  wordsOut: number;
  firstTokenMs: number[];
  wholeMs: number[];
  sets: number;
}

async function measure(writer: GenerationProvider, lng: Language): Promise<Row> {
  const row: Row = {
    factsKept: 0,
    factsTotal: 0,
    invented: 0,
    languageRight: 0,
    connectives: 0,
    quotesIntact: 0,
    wordsIn: 0,
    wordsOut: 0,
    firstTokenMs: [],
    wholeMs: [],
    sets: 0,
  };
  for (const set of WRITING_SETS[lng]) {
    const answers = set.answers.map((a) => a.answer);
    const started = performance.now();
    let first = -1;
    const output = await writer.writeChapter(
      { context: sampleContext(lng, { fidelity: 'polished' }), chapter: { id: 1, name: set.title, answers: set.answers } },
      { onDelta: () => (first < 0 ? (first = performance.now() - started) : undefined) },
    );
    row.wholeMs.push(performance.now() - started);
    row.firstTokenMs.push(first);
    const chapterWords = wordsOfAnswers([output.content]);
    const facts = [...new Set(answers.flatMap(factsOf))];
    row.factsTotal += facts.length;
    row.factsKept += facts.filter((fact) => chapterWords.has(fold(fact))).length;
    row.invented += unsourcedFacts(output.content, answers).length;
    row.languageRight += franc(output.content) === ISO3[lng] ? 1 : 0;
    row.connectives += LANGUAGE_DATA[lng].connectives.reduce((n, c) => n + output.content.split(c).length - 1, 0);
    const quotesIn = quoteBalance(typographic(answers.join(' '), lng));
    const quotesOut = quoteBalance(output.content);
    row.quotesIntact += quotesOut.open === quotesOut.close && quotesOut.open === quotesIn.open ? 1 : 0;
    row.wordsIn += answers.reduce((n, a) => n + countWords(a), 0);
    row.wordsOut += countWords(output.content);
    row.sets += 1;
  }
  return row;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

function print(name: string, rows: Map<Language, Row>) {
  console.log(`\n${name}`);
  console.log('  lng  facts kept  invented  language  connectives  quotes intact  out/in  first token ms  whole ms');
  for (const [lng, r] of rows) {
    const kept = `${r.factsKept}/${r.factsTotal}`.padStart(10);
    console.log(
      `  ${lng}   ${kept}  ${String(r.invented).padStart(8)}  ${`${r.languageRight}/${r.sets}`.padStart(8)}  ${String(r.connectives).padStart(11)}  ${`${r.quotesIntact}/${r.sets}`.padStart(13)}  ${(r.wordsOut / r.wordsIn).toFixed(2).padStart(6)}  ${mean(r.firstTokenMs).toFixed(1).padStart(14)}  ${mean(r.wholeMs).toFixed(1).padStart(8)}`,
    );
  }
}

async function run(name: string, writer: GenerationProvider): Promise<Map<Language, Row>> {
  const rows = new Map<Language, Row>();
  for (const lng of LANGUAGES) rows.set(lng, await measure(writer, lng));
  print(name, rows);
  return rows;
}

const composerRows = await run('Offline composer', new Composer());

const standIn = await startOpenAiStandIn({
  defaultBehaviour: { kind: 'stream', firstTokenDelayMs: Number(process.env.FIRST_TOKEN_MS ?? 150), chunkDelayMs: 2 },
});
try {
  await run(
    'OpenAI-compatible stand-in (echoes the answers; measures the pipeline, not a model)',
    new OpenAiCompatibleProvider({ baseUrl: standIn.url, apiKey: 'bench', model: 'bench', timeoutMs: 30_000 }),
  );
} finally {
  await standIn.close();
}

if (process.env.GENERATION_BASE_URL) {
  await run(
    `Model ${process.env.GENERATION_MODEL ?? ''} at ${process.env.GENERATION_BASE_URL}`,
    new OpenAiCompatibleProvider({
      baseUrl: process.env.GENERATION_BASE_URL,
      apiKey: process.env.GENERATION_API_KEY ?? '',
      model: process.env.GENERATION_MODEL ?? '',
      timeoutMs: Number(process.env.GENERATION_TIMEOUT_MS ?? 120_000),
    }),
  );
}

const misses = [...composerRows].filter(
  ([, r]) => r.factsKept !== r.factsTotal || r.invented > 0 || r.connectives > 0 || r.quotesIntact !== r.sets,
);
if (misses.length > 0) {
  console.error(`\nThe composer misses its targets in: ${misses.map(([lng]) => lng).join(', ')}`);
  process.exitCode = 1;
}
