import type { Language } from '@common/constants';
import { openEspeak, ESPEAK_SAMPLE_RATE } from './espeak';
import { openPico, picoAvailable, PICO_SAMPLE_RATE } from './pico';
import type { Config } from '../../config';
import type { ClonedVoiceProvider } from './cloned';
import { createElevenLabs } from './elevenlabs';
import { createSpeechServer } from './speech-server';

/**
 * The offline voice that reads an audiobook when no cloning service is configured: SVOX Pico when
 * Debian's `libttspico-data` voice files are installed (clearly more intelligible), else espeak-ng.
 * Both run in WebAssembly, in the audiobook worker thread (audiobook/worker.ts). It is a voice
 * matched to the author's pitch and pace, not their voice; the screens say so.
 */
export interface OfflineReader {
  name: 'pico' | 'espeak';
  sampleRate: number;
  /** One paragraph as 16-bit mono PCM. */
  speak(text: string): Int16Array;
  close(): void;
}

/** Pitch and pace in percent of the voice's own (100 = unchanged), matched to the author's sample. */
export interface VoiceTune {
  pitch: number;
  speed: number;
}

export async function openOfflineReader(picoDir: string, language: Language, tune: VoiceTune): Promise<OfflineReader> {
  if (await picoAvailable(picoDir)) return { name: 'pico', sampleRate: PICO_SAMPLE_RATE, ...(await openPico(picoDir, language, tune)) };
  return { name: 'espeak', sampleRate: ESPEAK_SAMPLE_RATE, ...(await openEspeak(language, tune)) };
}

/** The cloning service configured (ElevenLabs first, then a self-hosted speech server), or null: the offline voice reads. */
export function clonedVoiceProvider(
  config: Pick<Config, 'ELEVENLABS_API_KEY' | 'ELEVENLABS_API_URL' | 'ELEVENLABS_MODEL' | 'TTS_BASE_URL' | 'TTS_API_KEY' | 'TTS_MODEL'>,
): ClonedVoiceProvider | null {
  if (config.ELEVENLABS_API_KEY)
    return createElevenLabs({ apiKey: config.ELEVENLABS_API_KEY, baseUrl: config.ELEVENLABS_API_URL, model: config.ELEVENLABS_MODEL });
  if (config.TTS_BASE_URL) return createSpeechServer({ baseUrl: config.TTS_BASE_URL, apiKey: config.TTS_API_KEY, model: config.TTS_MODEL });
  return null;
}
