import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@common/constants';
import { concatArrays } from './concat';

/**
 * SVOX Pico (Apache-2.0) compiled to WebAssembly, reading the voice files of Debian's
 * `libttspico-data` (PICO_LANG_DIR, default /usr/share/pico/lang). One engine per language, reused
 * for every sentence of a book; 16 kHz mono 16-bit PCM out. Calls follow SVOX's picoapi.h.
 */
export const PICO_SAMPLE_RATE = 16_000;

const VOICE_FILES: Record<Language, [textAnalysis: string, signalGeneration: string]> = {
  en: ['en-GB_ta.bin', 'en-GB_kh0_sg.bin'],
  fr: ['fr-FR_ta.bin', 'fr-FR_nk0_sg.bin'],
  es: ['es-ES_ta.bin', 'es-ES_zl0_sg.bin'],
  it: ['it-IT_ta.bin', 'it-IT_cm0_sg.bin'],
};

const STEP_IDLE = 200;
const STEP_BUSY = 201;
const MEMORY_BYTES = 2_500_000;
const OUT_BYTES = 8192;

/** What we use of the Emscripten module. */
interface PicoModule {
  HEAPU8: Uint8Array;
  HEAP16: Int16Array;
  HEAP32: Int32Array;
  FS: { writeFile(name: string, data: Uint8Array): void; analyzePath(name: string): { exists: boolean } };
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  [fn: `_pico${string}`]: (...args: number[]) => number;
}

let modulePromise: Promise<PicoModule> | null = null;
async function picoModule(): Promise<PicoModule> {
  modulePromise ??= import('@echogarden/svoxpico-wasm').then(async ({ default: init }) => (await init()) as PicoModule);
  return modulePromise;
}

/** Whether the Pico voice files of every language are installed. */
export async function picoAvailable(langDir: string): Promise<boolean> {
  const files = Object.values(VOICE_FILES).flat();
  const found = await Promise.all(
    files.map((file) =>
      fs.access(path.join(langDir, file)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.every(Boolean);
}

export interface PicoEngine {
  /** One utterance (a sentence or a paragraph, under 30 000 bytes) as PCM samples. */
  speak(text: string): Int16Array;
  close(): void;
}

/** Opens a Pico engine for a language: pitch and speed are Pico's levels in percent (100 = its own). */
export async function openPico(langDir: string, language: Language, tune: { pitch: number; speed: number }): Promise<PicoEngine> {
  const m = await picoModule();
  const allocations: number[] = [];
  const alloc = (bytes: number) => {
    const pointer = m._malloc(bytes);
    allocations.push(pointer);
    m.HEAPU8.fill(0, pointer, pointer + bytes);
    return pointer;
  };
  const cString = (value: string) => {
    const bytes = Buffer.from(`${value}\0`, 'utf8');
    const pointer = alloc(bytes.length);
    m.HEAPU8.set(bytes, pointer);
    return { pointer, length: bytes.length };
  };
  const check = (code: number, what: string, ok: number[] = [0]) => {
    if (!ok.includes(code)) throw new Error(`Pico: ${what} failed (${code})`);
  };

  const systemRef = alloc(4);
  check(m._pico_initialize(alloc(MEMORY_BYTES), MEMORY_BYTES, systemRef), 'initialize');
  const system = m.HEAP32[systemRef >> 2];
  const resourceRefs: number[] = [];
  const voice = cString('PlumeVoice');
  let engineRef = 0;
  const close = () => {
    if (engineRef) m._pico_disposeEngine(system, engineRef);
    m._pico_releaseVoiceDefinition(system, voice.pointer);
    for (const ref of resourceRefs) m._pico_unloadResource(system, ref);
    m._pico_terminate(systemRef);
    for (const pointer of allocations.splice(0)) m._free(pointer);
  };
  try {
    const names: number[] = [];
    for (const file of VOICE_FILES[language]) {
      const virtual = `/${file}`;
      if (!m.FS.analyzePath(virtual).exists) m.FS.writeFile(virtual, await fs.readFile(path.join(langDir, file)));
      const resourceRef = alloc(4);
      check(m._pico_loadResource(system, cString(virtual).pointer, resourceRef), `load ${file}`);
      resourceRefs.push(resourceRef);
      const name = alloc(32);
      check(m._pico_getResourceName(system, m.HEAP32[resourceRef >> 2], name), 'resource name');
      names.push(name);
    }
    check(m._pico_createVoiceDefinition(system, voice.pointer), 'voice definition');
    for (const name of names) check(m._pico_addResourceToVoiceDefinition(system, voice.pointer, name), 'add resource');
    engineRef = alloc(4);
    check(m._pico_newEngine(system, voice.pointer, engineRef), 'new engine');
  } catch (error) {
    close();
    throw error;
  }
  const engine = m.HEAP32[engineRef >> 2];
  const out = alloc(OUT_BYTES);
  const received = alloc(2);
  const dataType = alloc(2);
  const put = alloc(2);

  return {
    speak(text) {
      const markup = `<pitch level='${tune.pitch}'><speed level='${tune.speed}'>${escapePico(text)}</speed></pitch>`;
      const input = Buffer.from(`${markup}\0`, 'utf8');
      const pointer = m._malloc(input.length);
      const parts: Int16Array[] = [];
      try {
        m.HEAPU8.set(input, pointer);
        for (let offset = 0; offset < input.length;) {
          check(m._pico_putTextUtf8(engine, pointer + offset, Math.min(input.length - offset, 32_000), put), 'put text');
          offset += m.HEAP16[put >> 1];
          for (;;) {
            const status = m._pico_getData(engine, out, OUT_BYTES, received, dataType);
            check(status, 'get data', [STEP_IDLE, STEP_BUSY]);
            const bytes = m.HEAP16[received >> 1];
            if (bytes > 0) parts.push(new Int16Array(m.HEAPU8.slice(out, out + bytes).buffer));
            if (status === STEP_IDLE) break;
          }
        }
      } finally {
        m._free(pointer);
      }
      return concatArrays(parts, (length) => new Int16Array(length));
    },
    close,
  };
}

/** The author's text is text to Pico, never its markup. */
const escapePico = (text: string) => text.replace(/</g, ' ').replace(/>/g, ' ');
