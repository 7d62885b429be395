import KRGlue from '@lyracom/embedded-form-glue';
import type { Language } from '@common/constants';

/** What Lyra's form script exposes once loaded (the part Plume uses). */
export type LyraKR = Awaited<ReturnType<typeof KRGlue.loadLibrary>>['KR'];

/** Lyra's form speaks in Culture format (en-US); the form language follows the UI language (spec section 7). */
const LYRA_LANGUAGES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', it: 'it-IT' };

/**
 * The loader's rejections (spec section 8), as keys of the payments namespace: Domain not defined;
 * Public key not defined; not a valid endpoint domain; not a valid public key; the library cannot
 * be loaded. `@lyracom/embedded-form-glue` applies the rules (domain: http(s), no port, no query,
 * path exactly '/'; key: 2–8 digit shop id, ':', optional 'test', 'publickey_…') and rejects with
 * these English sentences; the browser shows them translated.
 */
export type LyraLoadFailure = 'domain_missing' | 'key_missing' | 'domain_invalid' | 'key_invalid' | 'not_loaded';

export function lyraLoadFailure(reason: unknown): LyraLoadFailure {
  const text = String(reason);
  if (text === 'Domain not defined') return 'domain_missing';
  if (text === 'Public key not defined') return 'key_missing';
  if (text.endsWith('is not a valid endpoint domain')) return 'domain_invalid';
  if (text.endsWith('is not a valid public key')) return 'key_invalid';
  return 'not_loaded';
}

export class LyraLoadError extends Error {
  constructor(readonly reason: LyraLoadFailure) {
    super(`lyra: ${reason}`);
    this.name = 'LyraLoadError';
  }
}

/**
 * Loads Lyra's client script (V4.0 stable, from the provider's static domain, with the public key,
 * SPA mode and the form token), waits until it is ready (the glue polls every 150 ms), then sets the
 * form token and language. A second call with another public key updates the form configuration
 * instead of loading the script again.
 */
export async function loadLyraForm(input: {
  domain: string | null;
  publicKey: string | null;
  formToken: string;
  language: Language;
}): Promise<LyraKR> {
  let KR: LyraKR;
  try {
    ({ KR } = await KRGlue.loadLibrary(input.domain ?? '', input.publicKey ?? '', input.formToken));
  } catch (reason) {
    throw new LyraLoadError(lyraLoadFailure(reason));
  }
  await KR.setFormConfig({ formToken: input.formToken, 'kr-language': LYRA_LANGUAGES[input.language] });
  return KR;
}
