import Cookies from 'js-cookie';

/**
 * The session token lives in an HttpOnly cookie set by the server (docs/decisions/0020-session-cookie.md):
 * no page script can read it, and every same-origin call carries it. What the page sees is the
 * `plume_signed_in` marker the server sets beside it (30 days with remember me, else until the
 * browser closes): it only says a session may exist, the startup refresh confirms it.
 */
const SIGNED_IN = 'plume_signed_in';

export function hasSession(): boolean {
  return Cookies.get(SIGNED_IN) === '1';
}

export function clearSessionMarker(): void {
  Cookies.remove(SIGNED_IN, { path: '/' });
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** The API client calls this on any 401; the auth provider marks the user logged out and goes to /. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function notifyUnauthorized(): void {
  clearSessionMarker();
  unauthorizedListeners.forEach((listener) => listener());
}
