import fs from 'node:fs';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@common/constants';
import { readSection } from './worker';

/** Debian's libttspico-data voice files (.ci/run installs them); without them only espeak-ng is checked. */
const PICO_DIR = process.env.PICO_LANG_DIR ?? '/usr/share/pico/lang';
const TEXT = { en: 'She was born in Lyon.', fr: 'Elle est née à Lyon.', es: 'Nació en Lyon.', it: 'È nata a Lione.' };
const voices = [
  ...(fs.existsSync(PICO_DIR) ? [{ name: 'pico', dir: PICO_DIR }] : []),
  { name: 'espeak', dir: '/nonexistent-pico-dir' },
] as const;

describe('the offline voice reads each language to an MP3 that decodes (issue 13 item 6)', () => {
  for (const voice of voices) {
    for (const language of LANGUAGES) {
      it(`${voice.name} in ${language}`, async () => {
        const result = await readSection({ paragraphs: [TEXT[language]], language, picoDir: voice.dir, tune: { pitch: 100, speed: 100 } });
        expect(result.voice).toBe(voice.name);
        const decoded = await parseBuffer(Buffer.from(result.mp3), 'audio/mpeg', { duration: true });
        expect(decoded.format.codec).toMatch(/Layer 3/);
        // the sentence itself (≈1 s) plus the paragraph's pause, within an MP3 frame of what the worker counted
        expect(decoded.format.duration).toBeGreaterThan(1);
        expect(Math.abs(decoded.format.duration! * 1000 - result.durationMs)).toBeLessThan(150);
      }, 60_000);
    }
  }
});
