/**
 * bench/audiobook (issue 13 item 7): the offline voice (Pico when its voice files are installed, else
 * espeak-ng) reading a ~100 000-word book and encoding it to MP3, sentence by sentence as the job does:
 * characters per second, real-time factor, peak memory. By default it reads the first CHAPTERS (3)
 * of the 30 chapters and extrapolates the whole book's time (the work is linear in the text);
 * `CHAPTERS=30` reads it all. Run: npx tsx bench/audiobook.ts
 */
import path from 'node:path';
import { audiobookSections, charactersNeeded } from '../common/rules/audiobook';
import { readSection } from '../server/src/audiobook/worker';
import { ROOT_DIR } from '../server/src/config';
import { bookLabels, buildBookContent } from '../server/src/exports/book';
import { sampleBook } from '../server/test/sample-books';
import { createTranslator } from '../server/src/http/messages';
import { figure, round } from './lib';

const source = sampleBook('en', { chapters: 30, wordsPerChapter: 3333 });
const content = buildBookContent({ ...source, author: '' }, new Map(), bookLabels(createTranslator(path.join(ROOT_DIR, 'locales')), 'en'));
const sections = audiobookSections(content);
const bookCharacters = charactersNeeded(sections);
const words = sections
  .flatMap((s) => s.paragraphs)
  .join(' ')
  .split(/\s+/).length;
const take = Math.min(sections.length, Number(process.env.CHAPTERS ?? 3) + 1); // the title section, then chapters
const picoDir = process.env.PICO_LANG_DIR ?? '/usr/share/pico/lang';

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
// warm-up outside the timing: the WebAssembly voice and encoder instantiated, as in a running worker
await readSection({ paragraphs: ['Hello.'], language: 'en', picoDir, tune: { pitch: 100, speed: 100 } });
const started = performance.now();
let characters = 0;
let audioMs = 0;
let mp3Bytes = 0;
let voice = '';
for (const section of sections.slice(0, take)) {
  const result = await readSection({ paragraphs: section.paragraphs, language: 'en', picoDir, tune: { pitch: 100, speed: 100 } });
  characters += charactersNeeded([section]);
  audioMs += result.durationMs;
  mp3Bytes += result.mp3.length;
  voice = result.voice;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
const perSecond = characters / seconds;
console.log(
  `book: ${sections.length} sections, ${words} words, ${bookCharacters} characters; read ${take} sections (${characters} characters) with ${voice}: ` +
    `${round(seconds, 1)} s for ${round(audioMs / 60_000, 1)} min of audio, ${round(mp3Bytes / 1e6, 1)} MB of MP3`,
);
figure({
  name: `audiobook: offline voice (${voice}) + MP3 encoding, characters per second`,
  value: round(perSecond),
  anchor: 'characters per second of speech (real time, ~15 characters/s)',
  anchorValue: round((characters / audioMs) * 1000),
  unit: 'char/s',
  goal: 'a 100 000-word book in well under an hour',
});
figure({
  name: 'audiobook: whole 100 000-word book, extrapolated',
  value: round(bookCharacters / perSecond / 60, 1),
  anchor: 'its length as audio',
  anchorValue: round(((bookCharacters / characters) * audioMs) / 60_000, 1),
  unit: 'min',
  goal: '< 60 min',
});
figure({
  name: 'audiobook: peak memory (RSS) while reading',
  value: round(peakRss / 1e6),
  anchor: 'the audiobook worker thread’s heap limit (the process also holds tsx and the book)',
  anchorValue: 256,
  unit: 'MB',
  goal: 'flat in the book’s length (no whole-book PCM held)',
});
