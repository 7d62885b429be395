import type { Language } from '@common/constants';
import type { LoginResult, RegisterBody, User } from '@common/schemas/auth';
import type { AppContext } from '../app';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import type { Mailer } from '../providers/mail';
import { composeMail, type MailKind } from '../providers/mail/templates';
import { GoogleTokenError, verifyGoogleAccessToken } from '../providers/identity/google';
import { checkLimit, hit, rateLimit } from '../rate-limit';
import type { Captcha } from '../providers/captcha';
import { linkTrialSession } from './link-trial-session';
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure } from './login-throttle';
import { checkNewPassword, hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import { hashToken } from './tokens';

const REGISTRATION_TICKET_MS = 10 * 60_000;
const RESET_TICKET_MS = 60 * 60_000;
const CONFIRM_TICKET_MS = 24 * 60 * 60_000;

/** Abuse limits (per IP are generous: many people share one address). */
export const LIMITS = {
  loginPerIp: { max: 100, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { max: 50, windowMs: 15 * 60_000 },
  registerPerIp: { max: 30, windowMs: 60 * 60_000 },
  verifyPerIp: { max: 30, windowMs: 15 * 60_000 },
  forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
  forgotPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerIp: { max: 30, windowMs: 15 * 60_000 },
  confirmPerIp: { max: 30, windowMs: 15 * 60_000 },
  captchaPerIp: { max: 120, windowMs: 15 * 60_000 },
} as const;

/** How long a replaced token keeps working after refreshToken (another tab may still hold it). */
const REFRESH_GRACE_MS = 60_000;

export interface AccountsDeps extends AppContext {
  mailer: Mailer;
}

const link = (ctx: AppContext, path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();

/** Sends a message without making the caller wait (or learn anything from its outcome). */
function mailLater(
  deps: AccountsDeps,
  lng: Language,
  kind: MailKind,
  to: string,
  url: string,
  params: Record<string, string> = {},
): Promise<void> {
  return deps.mailer.send(composeMail(deps.translate, lng, kind, to, url, params)).catch((error: unknown) => {
    console.error(`[mail] ${kind} message could not be sent:`, error instanceof Error ? error.message : error);
  });
}

async function signedIn(
  deps: AccountsDeps,
  user: repo.UserRow,
  isNewUser: boolean,
  trialSession: unknown,
  remember = false,
): Promise<LoginResult> {
  const token = await repo.issueToken(deps.db, user.id, remember);
  const serviceSessionId = await linkTrialSession(deps, user.id, trialSession);
  return { token, user: repo.presentUser(user), is_new_user: isNewUser, service_session_id: serviceSessionId };
}

export type RegisterOutcome = { status: 200; email: string; registration_ticket: string } | { status: 202; email: string; message: string };

export async function registerAccount(deps: AccountsDeps, body: RegisterBody, lng: Language): Promise<RegisterOutcome> {
  checkNewPassword(body.password, body.confirm_password);
  const confirmationRequired = deps.config.REQUIRE_EMAIL_CONFIRMATION;
  const user = await repo.insertUser(deps.db, {
    email: body.email,
    password_hash: await hashPassword(body.password),
    first_name: body.first_name,
    last_name: body.last_name,
    city: body.city,
    is_verified: !confirmationRequired,
    language: lng,
  });
  if (!user) throw conflict('auth.email_taken');
  if (confirmationRequired) {
    const ticket = await repo.issueTicket(deps.db, user.id, 'confirm', CONFIRM_TICKET_MS);
    void mailLater(deps, lng, 'confirm', user.email, link(deps, `/api/confirmEmail?token=${encodeURIComponent(ticket)}&lng=${lng}`), {
      name: user.first_name,
    });
    return { status: 202, email: user.email, message: deps.translate(lng, 'confirmation_sent', {}, 'errors-auth') };
  }
  const ticket = await repo.issueTicket(deps.db, user.id, 'registration', REGISTRATION_TICKET_MS);
  void mailLater(deps, lng, 'welcome', user.email, link(deps, `/${lng}/my-books`), { name: user.first_name });
  return { status: 200, email: user.email, registration_ticket: ticket };
}

/** Signs a just-registered user in once, with the ticket `register` returned (no one-time code). */
export async function verifyRegistration(
  deps: AccountsDeps,
  email: string,
  ticket: string,
  trialSession: unknown,
  remember = false,
): Promise<LoginResult> {
  if (deps.config.REQUIRE_EMAIL_CONFIRMATION) throw forbidden('auth.confirmation_required');
  const user = await repo.findUserByEmail(deps.db, email);
  const userId = user ? await repo.consumeTicket(deps.db, ticket, 'registration', user.id) : null;
  if (!user || userId === null) throw forbidden('auth.registration_ticket_invalid');
  if (!user.is_verified) throw forbidden('auth.user_not_allowed');
  return signedIn(deps, user, true, trialSession, remember);
}

export async function loginWithPassword(
  deps: AccountsDeps,
  input: { email: string; password: string; trial_session?: unknown; captcha?: string; remember_me?: boolean },
  captcha: Captcha,
  ip: string,
): Promise<LoginResult> {
  const { email, password } = input;
  await checkLimit(deps, { key: `login:fail-ip:${ip}`, max: LIMITS.loginFailuresPerIp.max });
  await checkLoginThrottle(deps, email, captcha, input.captcha, ip);
  const user = await repo.findUserByEmail(deps.db, email);
  if (!(await verifyPassword(user?.password_hash ?? null, password)) || !user) {
    await hit(deps, `login:fail-ip:${ip}`, LIMITS.loginFailuresPerIp.windowMs);
    throw await recordLoginFailure(deps, email, captcha);
  }
  await clearLoginFailures(deps, email);
  if (!user.is_verified) throw forbidden('auth.user_not_allowed');
  return signedIn(deps, user, false, input.trial_session, input.remember_me === true);
}

export async function loginWithGoogle(
  deps: AccountsDeps,
  input: { access_token: string; given_name?: string; family_name?: string; trial_session?: unknown; remember_me?: boolean },
  lng: Language,
): Promise<LoginResult> {
  let profile;
  try {
    profile = await verifyGoogleAccessToken(deps.config, input.access_token);
  } catch (error) {
    if (!(error instanceof GoogleTokenError)) throw error;
    if (error.reason === 'disabled') throw badRequest('auth.google_disabled');
    if (error.reason === 'unreachable') throw new AppError(502, 'auth.google_unreachable');
    if (error.reason === 'email_not_verified') throw forbidden('auth.google_email_not_verified');
    throw forbidden('auth.google_token_invalid');
  }
  let user = await repo.findUserByGoogleSub(deps.db, profile.sub);
  let isNewUser = false;
  if (!user) {
    const byEmail = await repo.findUserByEmail(deps.db, profile.email);
    if (byEmail) {
      // Google vouches for the address: link the account (and confirm it if it was pending).
      user = await repo.updateUser(deps.db, byEmail.id, { google_sub: profile.sub, is_verified: 1 });
    } else {
      user = await repo.insertUser(deps.db, {
        email: profile.email,
        password_hash: null,
        first_name: (profile.given_name ?? input.given_name ?? '').slice(0, 100),
        last_name: (profile.family_name ?? input.family_name ?? '').slice(0, 100),
        city: '',
        is_verified: true,
        language: lng,
        google_sub: profile.sub,
      });
      if (!user) throw conflict('auth.email_taken');
      isNewUser = true;
      void mailLater(deps, lng, 'welcome', user.email, link(deps, `/${lng}/my-books`), { name: user.first_name });
    }
  }
  if (!user.is_verified) throw forbidden('auth.user_not_allowed');
  return signedIn(deps, user, isNewUser, input.trial_session, input.remember_me);
}

/** Same answer whether or not the address has an account (no enumeration). */
export async function requestPasswordReset(deps: AccountsDeps, email: string, lng: Language, ip: string): Promise<string> {
  await rateLimit(deps, { key: `forgot:ip:${ip}`, ...LIMITS.forgotPerIp });
  const message = deps.translate(lng, 'reset_link_sent', {}, 'errors-auth');
  const { count } = await hit(deps, `forgot:email:${email}`, LIMITS.forgotPerEmail.windowMs);
  if (count > LIMITS.forgotPerEmail.max) return message;
  const user = await repo.findUserByEmail(deps.db, email);
  if (user) {
    const ticket = await repo.issueTicket(deps.db, user.id, 'reset', RESET_TICKET_MS);
    void mailLater(deps, lng, 'reset', user.email, link(deps, `/${lng}/reset-password?token=${encodeURIComponent(ticket)}`), {
      name: user.first_name,
    });
  }
  return message;
}

export async function resetPassword(deps: AccountsDeps, ticket: string, password: string, confirm: string, lng: Language): Promise<string> {
  checkNewPassword(password, confirm);
  const userId = await repo.consumeTicket(deps.db, ticket, 'reset');
  if (userId === null) throw badRequest('auth.reset_token_invalid');
  // The link reached the inbox, so the address is proven; every older session ends.
  await repo.updateUser(deps.db, userId, { password_hash: await hashPassword(password), is_verified: 1 });
  await repo.retireTickets(deps.db, userId, 'reset');
  await repo.revokeAllTokens(deps.db, userId);
  const user = await repo.findUserById(deps.db, userId);
  if (user) await clearLoginFailures(deps, user.email);
  return deps.translate(lng, 'password_reset_done', {}, 'errors-auth');
}

export async function confirmEmail(deps: AccountsDeps, ticket: string, lng: Language): Promise<boolean> {
  const userId = await repo.consumeTicket(deps.db, ticket, 'confirm');
  if (userId === null) return false;
  const user = await repo.updateUser(deps.db, userId, { is_verified: 1 });
  void mailLater(deps, lng, 'welcome', user.email, link(deps, `/${lng}/my-books`), { name: user.first_name });
  return true;
}

export interface RefreshOutcome {
  token: string;
  user: User;
  /** False when the token was already replaced: it is handed back as it is, nothing new is minted. */
  rotated: boolean;
  remember: boolean;
}

/**
 * Renews a session: a new 30-day token; the old one stops working a minute later (another tab may
 * still hold it). A token rotates once: during its grace it is answered with itself, so a stolen old
 * token can never be turned into a fresh 30-day one.
 */
export async function refreshToken(deps: AccountsDeps, token: string): Promise<RefreshOutcome> {
  const tokenHash = hashToken(token);
  const owner = await repo.findTokenOwner(deps.db, tokenHash);
  if (!owner || owner.token_revoked_at || owner.token_expires_at <= new Date().toISOString()) throw unauthorized();
  if (!owner.is_verified) throw forbidden('auth.user_not_allowed');
  const remember = owner.token_remember === 1;
  if (!(await repo.replaceToken(deps.db, tokenHash, REFRESH_GRACE_MS)))
    return { token, user: repo.presentUser(owner), rotated: false, remember };
  const fresh = await repo.issueToken(deps.db, owner.id, remember);
  return { token: fresh, user: repo.presentUser(owner), rotated: true, remember };
}
