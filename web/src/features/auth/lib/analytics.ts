import type { Language } from '@common/constants';

/**
 * Sign-up and login events pushed to `window.dataLayer` for a tag manager the operator may add.
 * Nothing is sent anywhere by Plume itself; the e-mail is only present as its SHA-256.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type AuthEvent = 'signup_event' | 'login_event';
export type LoginMode = 'Google' | 'Normal';

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value.trim().toLowerCase()));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function pushAuthEvent(event: AuthEvent, email: string, language: Language, mode: LoginMode): Promise<void> {
  let emailHash = '';
  try {
    emailHash = await sha256Hex(email);
  } catch {
    // WebCrypto needs a secure context; the event still counts
  }
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({
    event,
    environment: import.meta.env.MODE,
    language,
    user_email_hash: emailHash,
    timestamp: new Date().toISOString(),
    login_mode: mode,
  });
}
