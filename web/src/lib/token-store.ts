import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_MS } from '@common/constants';

/**
 * Where the bearer token lives: a `token` cookie (30 days, secure on https) when the user asked to
 * be remembered, else session storage (gone when the browser closes).
 */
const KEY = 'token';
const secure = () => window.location.protocol === 'https:';

export function getToken(): string | null {
  return sessionStorage.getItem(KEY) ?? Cookies.get(KEY) ?? null;
}

export function setToken(token: string, remember: boolean): void {
  clearToken();
  if (remember) {
    Cookies.set(KEY, token, { expires: COOKIE_LIFETIME_MS / 86_400_000, path: '/', secure: secure(), sameSite: 'lax' });
  } else {
    sessionStorage.setItem(KEY, token);
  }
}

export function clearToken(): void {
  sessionStorage.removeItem(KEY);
  Cookies.remove(KEY, { path: '/' });
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** The API client calls this on any 401; the auth provider marks the user logged out and goes to /. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function notifyUnauthorized(): void {
  clearToken();
  unauthorizedListeners.forEach((listener) => listener());
}
