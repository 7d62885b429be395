import type { Language } from '@common/constants';
import type { Config } from '../../config';
import { Composer } from './composer';
import { OpenAiCompatibleProvider } from './openai-compatible';
import type {
  BookFrameInput,
  BookFrameOutput,
  ChapterInput,
  ChapterOutput,
  GenerateOptions,
  GenerationProvider,
  TailorInput,
  TailorOutput,
} from './types';

export * from './types';
export { Composer, composeChapter, composeBookFrame, narrationFromSurvey } from './composer';
export { OpenAiCompatibleProvider, GenerationFailure } from './openai-compatible';

/**
 * Picks the writer for each call from the book's fidelity level:
 * - 'own_words' → always the offline composer (the author's sentences, cleaned);
 * - 'light_edit' / 'polished' → the model when GENERATION_BASE_URL is set, else the composer.
 * Introduction/summary follow the same rule; answer optimisation uses the model when configured.
 */
export class FidelityRouter implements GenerationProvider {
  readonly name: string;
  constructor(
    readonly composer: GenerationProvider,
    readonly model: GenerationProvider | null,
  ) {
    this.name = model ? `router(${composer.name}, ${model.name})` : composer.name;
  }

  private pick(fidelity: ChapterInput['context']['fidelity']): GenerationProvider {
    return fidelity === 'own_words' || !this.model ? this.composer : this.model;
  }

  writeChapter(input: ChapterInput, options?: GenerateOptions): Promise<ChapterOutput> {
    return this.pick(input.context.fidelity).writeChapter(input, options);
  }

  writeBookFrame(input: BookFrameInput, options?: GenerateOptions): Promise<BookFrameOutput> {
    return this.pick(input.context.fidelity).writeBookFrame(input, options);
  }

  optimizeAnswer(input: { transcript: string; language: Language }, options?: GenerateOptions): Promise<string> {
    return (this.model ?? this.composer).optimizeAnswer(input, options);
  }

  tailorChapters(input: TailorInput, options?: GenerateOptions): Promise<TailorOutput> {
    return this.pick(input.context.fidelity).tailorChapters(input, options);
  }
}

export interface GenerationProviderOverrides {
  /** Retry tuning (tests use short delays). */
  backoffMs?: number;
  maxAttempts?: number;
  idleTimeoutMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/** The generation provider from configuration: the composer alone, or the composer plus a model. */
export function createGenerationProvider(
  config: Pick<Config, 'GENERATION_BASE_URL' | 'GENERATION_API_KEY' | 'GENERATION_MODEL' | 'GENERATION_TIMEOUT_MS'>,
  overrides: GenerationProviderOverrides = {},
): FidelityRouter {
  const model = config.GENERATION_BASE_URL
    ? new OpenAiCompatibleProvider({
        baseUrl: config.GENERATION_BASE_URL,
        apiKey: config.GENERATION_API_KEY,
        model: config.GENERATION_MODEL,
        timeoutMs: config.GENERATION_TIMEOUT_MS,
        ...overrides,
      })
    : null;
  return new FidelityRouter(new Composer(), model);
}
