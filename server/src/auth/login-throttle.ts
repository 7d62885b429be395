import type { AppContext } from '../app';
import { AppError, badRequest } from '../http/errors';
import type { Captcha } from '../providers/captcha';
import { clearLimit, hit } from '../rate-limit';

/**
 * Wrong passwords for one e-mail slow an attacker down without ever locking the owner out:
 * from the third failure a captcha is asked for, and each failure makes the next try wait a little
 * longer (2 s, 4 s, 8 s… at most 60 s). The right password with the captcha always signs in.
 */
export const LOGIN_THROTTLE = { captchaAfter: 3, windowMs: 60 * 60_000, firstDelayMs: 2_000, maxDelayMs: 60_000 } as const;

const failuresKey = (email: string) => `login:fail:${email}`;
const waitKey = (email: string) => `login:wait:${email}`;

/** The wait after `failures` wrong passwords in a row. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_THROTTLE.captchaAfter) return 0;
  return Math.min(LOGIN_THROTTLE.firstDelayMs * 2 ** (failures - LOGIN_THROTTLE.captchaAfter), LOGIN_THROTTLE.maxDelayMs);
}

async function activeCount(ctx: AppContext, key: string): Promise<{ count: number; expiresAt: number } | null> {
  const row = await ctx.db.selectFrom('counters').select(['count', 'expires_at']).where('key', '=', `rl:${key}`).executeTakeFirst();
  return row && Number(row.expires_at) > Date.now() ? { count: Number(row.count), expiresAt: Number(row.expires_at) } : null;
}

/** Before the password is checked: the wait since the last failure, then the captcha once it is due. */
export async function checkLoginThrottle(
  ctx: AppContext,
  email: string,
  captcha: Captcha,
  solution: string | undefined,
  ip: string,
): Promise<void> {
  const wait = await activeCount(ctx, waitKey(email));
  if (wait) {
    const seconds = Math.max(1, Math.ceil((wait.expiresAt - Date.now()) / 1000));
    throw new AppError(429, 'auth.login_wait', { seconds }, { retry_after: seconds, captcha_required: captcha.kind !== 'none' });
  }
  const failures = (await activeCount(ctx, failuresKey(email)))?.count ?? 0;
  if (failures < LOGIN_THROTTLE.captchaAfter || captcha.kind === 'none') return;
  if (!solution) throw new AppError(400, 'auth.login_captcha_required', {}, { captcha_required: true });
  if (!(await captcha.verify(solution, ip))) throw new AppError(400, 'auth.captcha_failed', {}, { captcha_required: true });
}

/** A wrong password: counted, and the next try for this e-mail waits. Returns what the refusal tells the client. */
export async function recordLoginFailure(ctx: AppContext, email: string, captcha: Captcha): Promise<AppError> {
  const { count } = await hit(ctx, failuresKey(email), LOGIN_THROTTLE.windowMs);
  const delay = loginDelayMs(count);
  if (delay > 0) await hit(ctx, waitKey(email), delay);
  const captchaRequired = count >= LOGIN_THROTTLE.captchaAfter && captcha.kind !== 'none';
  const error = badRequest('auth.invalid_credentials');
  return new AppError(error.statusCode, error.code, {}, { captcha_required: captchaRequired, retry_after: Math.ceil(delay / 1000) });
}

export async function clearLoginFailures(ctx: AppContext, email: string): Promise<void> {
  await clearLimit(ctx, failuresKey(email));
  await clearLimit(ctx, waitKey(email));
}
