import crypto from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { recordOnce } from '../../rate-limit';

/**
 * Captcha: ALTCHA proof-of-work (self-hosted, default), reCAPTCHA v2 when configured, or none
 * (local automation only; logged as a warning at start).
 */
export interface Captcha {
  readonly kind: 'altcha' | 'recaptcha' | 'none';
  /** ALTCHA only: a fresh signed challenge for the widget. */
  challenge?(): Promise<Challenge>;
  /** True when `solution` is valid and was never used before. */
  verify(solution: string | undefined, remoteIp: string): Promise<boolean>;
}

/** PBKDF2 iterations per attempt: about 256 attempts on average, well under a second on a phone. */
const ALTCHA_COST = 2000;
const ALTCHA_TTL_MS = 10 * 60_000;

export function createCaptcha(
  config: Pick<Config, 'CAPTCHA_PROVIDER' | 'RECAPTCHA_SECRET_KEY' | 'RECAPTCHA_VERIFY_URL'>,
  db: Db,
  secret: string,
): Captcha {
  if (config.CAPTCHA_PROVIDER === 'none') return { kind: 'none', verify: async () => true };
  if (config.CAPTCHA_PROVIDER === 'recaptcha') {
    if (!config.RECAPTCHA_SECRET_KEY) throw new Error('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SECRET_KEY and RECAPTCHA_SITE_KEY');
    return recaptcha(config.RECAPTCHA_VERIFY_URL, config.RECAPTCHA_SECRET_KEY);
  }
  return altcha(db, secret);
}

export function altcha(db: Db, secret: string, cost = ALTCHA_COST): Captcha {
  return {
    kind: 'altcha',
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        deriveKey: pbkdf2,
        hmacSignatureSecret: secret,
        expiresAt: new Date(Date.now() + ALTCHA_TTL_MS),
      }),
    async verify(solution) {
      if (!solution) return false;
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as Payload;
        if (!payload?.challenge?.parameters || !payload.solution || payload.challenge.parameters.algorithm !== 'PBKDF2/SHA-256')
          return false;
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey: pbkdf2,
          hmacSignatureSecret: secret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      // Replay protection: a signed challenge counts once (kept until it would have expired anyway).
      const expiresAt = (payload.challenge.parameters.expiresAt ?? Math.floor(Date.now() / 1000) + ALTCHA_TTL_MS / 1000) * 1000;
      return recordOnce(db, 'altcha', String(payload.challenge.signature), expiresAt);
    },
  };
}

export function recaptcha(verifyUrl: string, secretKey: string): Captcha {
  return {
    kind: 'recaptcha',
    async verify(solution, remoteIp) {
      if (!solution) return false;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: secretKey, response: solution, remoteip: remoteIp }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return false;
        const body = (await response.json()) as { success?: boolean };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}

const startSecrets = new WeakMap<object, string>();

/**
 * The HMAC key of signed challenges: SECRET_KEY (needed with several nodes), else random per start
 * — one per configuration, so every form of one app (register, sign-in, contact) verifies the
 * challenges `/captchaChallenge` signed.
 */
export function captchaSecret(config: Pick<Config, 'SECRET_KEY'>): string {
  if (config.SECRET_KEY) return crypto.createHmac('sha256', config.SECRET_KEY).update('altcha').digest('hex');
  let secret = startSecrets.get(config);
  if (!secret) startSecrets.set(config, (secret = crypto.randomBytes(32).toString('hex')));
  return secret;
}
