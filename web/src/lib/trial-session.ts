import type { Session } from '@common/schemas/session';

/**
 * A guest's book, kept in local storage until the guest signs in (spec: `trial_session`).
 * `guest_token` proves to the server that this browser created the book (sent as X-Guest-Token).
 */
export type TrialSession = Session & { guest_token: string };

const KEY = 'trial_session';

/** The stored trial session, null when none; throws when it cannot be read ('Error in trial session'). */
export function readTrialSession(): TrialSession | null {
  const raw = localStorage.getItem(KEY);
  if (!raw) return null;
  const parsed = JSON.parse(raw) as TrialSession;
  if (typeof parsed?.id !== 'number' || typeof parsed.guest_token !== 'string' || !parsed.checkpoint_data) {
    throw new Error('Error in trial session');
  }
  return parsed;
}

export function writeTrialSession(session: TrialSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function clearTrialSession(): void {
  localStorage.removeItem(KEY);
}

/** The raw value sent as `trial_session` with login, register and Google sign-in. */
export function trialSessionPayload(): string | null {
  return localStorage.getItem(KEY);
}
