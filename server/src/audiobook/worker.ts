import type { Language } from '@common/constants';
import { createMp3Encoder } from 'wasm-media-encoders';
import { concatArrays } from '../providers/voices/concat';
import { sentencePieces } from '../providers/voices/sentences';
import { openOfflineReader, type OfflineReader, type VoiceTune } from '../providers/voices';

/**
 * Runs in the audiobook worker thread (audiobook/pool.ts): reads one section (a chapter) aloud with
 * the offline voice and encodes it to MP3 as it goes, sentence by sentence — a book's PCM is never
 * held whole, only one sentence's.
 */
export interface ReadSectionJob {
  paragraphs: string[];
  language: Language;
  picoDir: string;
  tune: VoiceTune;
}
export interface ReadSectionResult {
  mp3: Uint8Array;
  durationMs: number;
  voice: OfflineReader['name'];
}

/** Constant bitrate: the chapters concatenate into the whole book, whose length players read from its size. */
const BITRATE = 48;
const PARAGRAPH_PAUSE_S = 0.7;
/** Sentences are read one at a time; a sentence longer than this is cut at a word. */
const MAX_UTTERANCE = 600;

const readers = new Map<string, Promise<OfflineReader>>();
function readerFor(job: ReadSectionJob) {
  const key = `${job.picoDir}:${job.language}:${job.tune.pitch}:${job.tune.speed}`;
  let reader = readers.get(key);
  if (!reader) {
    reader = openOfflineReader(job.picoDir, job.language, job.tune);
    readers.set(key, reader);
  }
  return reader;
}

export async function readSection(job: ReadSectionJob): Promise<ReadSectionResult> {
  const reader = await readerFor(job);
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate: reader.sampleRate, channels: 1, bitrate: BITRATE });
  const out: Uint8Array[] = [];
  let samples = 0;
  const pause = new Float32Array(Math.round(reader.sampleRate * PARAGRAPH_PAUSE_S));
  const encode = (pcm: Float32Array) => {
    out.push(encoder.encode([pcm]).slice()); // the encoder owns its output buffer: copy
    samples += pcm.length;
  };
  for (const paragraph of job.paragraphs) {
    for (const text of sentencePieces(paragraph, job.language, MAX_UTTERANCE)) {
      const pcm = reader.speak(text);
      const floats = new Float32Array(pcm.length);
      for (let i = 0; i < pcm.length; i += 1) floats[i] = pcm[i] / 32_768;
      encode(floats);
    }
    encode(pause);
  }
  out.push(encoder.finalize().slice());
  const mp3 = concatArrays(out, (length) => new Uint8Array(length));
  return { mp3, durationMs: Math.round((samples * 1000) / reader.sampleRate), voice: reader.name };
}
