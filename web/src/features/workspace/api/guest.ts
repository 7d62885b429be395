import { readTrialSession } from '../../../lib/trial-session';

/** Guests prove they own their trial book with its guest token (X-Guest-Token). */
export function guestTokenFor(sessionId: number): string | null {
  try {
    const trial = readTrialSession();
    return trial && trial.id === sessionId ? trial.guest_token : null;
  } catch {
    return null;
  }
}

export function guestHeaders(sessionId: number): Record<string, string> {
  const token = guestTokenFor(sessionId);
  return token ? { 'X-Guest-Token': token } : {};
}
