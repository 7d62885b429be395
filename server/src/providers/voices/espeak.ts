import type { Language } from '@common/constants';
import { concatArrays } from './concat';

/** espeak-ng compiled to WebAssembly (GPL-3.0, see THIRD_PARTY_NOTICES.md): the fallback offline voice, 22 050 Hz mono. */
export const ESPEAK_SAMPLE_RATE = 22_050;

interface ESpeakWorker {
  set_voice(name: string): void;
  set_rate?(wordsPerMinute: number): void;
  set_pitch?(pitch: number): void;
  synthesize(text: string, onAudio: (samples: Int16Array | undefined) => number): void;
}
interface ESpeakModule {
  eSpeakNGWorker: new () => ESpeakWorker;
}

let modulePromise: Promise<ESpeakModule> | null = null;

export async function openEspeak(language: Language, tune: { pitch: number; speed: number }) {
  modulePromise ??= import('@echogarden/espeak-ng-emscripten').then(async ({ default: init }) => (await init()) as ESpeakModule);
  const worker = new (await modulePromise).eSpeakNGWorker();
  worker.set_voice(language);
  worker.set_rate?.(Math.round((175 * tune.speed) / 100));
  worker.set_pitch?.(Math.round((50 * tune.pitch) / 100));
  return {
    speak(text: string): Int16Array {
      const parts: Int16Array[] = [];
      worker.synthesize(text, (samples) => {
        if (samples?.length) parts.push(samples.slice());
        return 0;
      });
      return concatArrays(parts, (length) => new Int16Array(length));
    },
    close() {},
  };
}
