import type { Config } from '../../config';
import { createGoogleSpeech } from './google';
import { createOpenAiSpeech } from './openai';
import type { SpeechProviderOptions, SpeechToText } from './types';

export * from './types';

/** The configured speech-to-text, or null when STT_PROVIDER=none (the offline default). */
export function createSpeechProvider(config: Config, options: Partial<SpeechProviderOptions> = {}): SpeechToText | null {
  const resolved: SpeechProviderOptions = { timeoutMs: config.STT_TIMEOUT_MS, ...options };
  switch (config.STT_PROVIDER) {
    case 'openai':
      if (!config.STT_BASE_URL) throw new Error('Invalid configuration:\n  STT_BASE_URL: required when STT_PROVIDER=openai');
      return createOpenAiSpeech({ baseUrl: config.STT_BASE_URL, apiKey: config.STT_API_KEY, model: config.STT_MODEL }, resolved);
    case 'google':
      return createGoogleSpeech({ baseUrl: config.GOOGLE_STT_URL, apiKey: config.GOOGLE_STT_API_KEY }, resolved);
    default:
      return null;
  }
}
