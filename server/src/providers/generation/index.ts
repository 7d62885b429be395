import type { Fidelity } from '@common/schemas/session';
import type { Config } from '../../config';
import { Composer } from './composer';
import { OpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openai-compatible';
import type { GenerationProvider } from './types';

export * from './types';

/**
 * Picks the writer for each call from the book's fidelity level:
 * - 'own_words' → always the offline composer (the author's sentences, cleaned);
 * - 'light_edit' / 'polished' → the model when GENERATION_BASE_URL is set, else the composer.
 * Answer optimisation and the drafts of the introduction and the summary ('Draft it', asked for by
 * the author) use the model when configured, else the composer.
 */
export class FidelityRouter implements GenerationProvider {
  readonly name: string;
  constructor(
    readonly composer: GenerationProvider,
    readonly model: GenerationProvider | null,
  ) {
    this.name = model ? `router(${composer.name}, ${model.name})` : composer.name;
  }

  private pick(fidelity: Fidelity): GenerationProvider {
    return fidelity === 'own_words' || !this.model ? this.composer : this.model;
  }

  readonly writeChapter: GenerationProvider['writeChapter'] = (input, options) =>
    this.pick(input.context.fidelity).writeChapter(input, options);

  readonly writeBookText: GenerationProvider['writeBookText'] = (input, text, options) =>
    (this.model ?? this.composer).writeBookText(input, text, options);

  readonly optimizeAnswer: GenerationProvider['optimizeAnswer'] = (input, options) =>
    (this.model ?? this.composer).optimizeAnswer(input, options);

  readonly tailorChapters: GenerationProvider['tailorChapters'] = (input, options) =>
    this.pick(input.context.fidelity).tailorChapters(input, options);
}

/** Retry tuning and logging of the model adapter (tests use short delays). */
export type GenerationProviderOverrides = Pick<OpenAiCompatibleOptions, 'backoffMs' | 'maxAttempts' | 'idleTimeoutMs' | 'log'>;

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
