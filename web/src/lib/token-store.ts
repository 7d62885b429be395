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
  if (leaving) return;
  if (held) {
    heardWhileHeld = true;
    return;
  }
  unauthorizedListeners.forEach((listener) => listener());
}

let leaving = false;
let held = false;
let heardWhileHeld = false;

/**
 * While the account is being deleted, a 401 answered to another request (the account is gone before
 * the deletion's own answer arrives) must not sign out in place: it waits. `release` hands it over if
 * the deletion failed; after `leaveSignedOut` it is dropped.
 */
export function holdSignOut(): () => void {
  held = true;
  heardWhileHeld = false;
  return function release() {
    held = false;
    if (heardWhileHeld) notifyUnauthorized();
  };
}

/**
 * Loads `url` as a signed-out visitor, for when the session ends for good (the account was deleted).
 * No listener runs meanwhile: signing out in place would let the page's login guard, or a 401 of a
 * request still in flight, send the browser to the login page instead of `url`.
 */
export function leaveSignedOut(url: string): void {
  leaving = true;
  clearSessionMarker();
  window.location.assign(url);
}
