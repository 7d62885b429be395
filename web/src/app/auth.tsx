import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from '../lib/toast';
import { languageOfPath } from '@common/languages';
import type { User } from '@common/schemas/auth';
import { ApiError, call } from '../lib/api';
import { clearSessionMarker, hasSession, onUnauthorized } from '../lib/token-store';
import { i18n } from '../lib/i18n';
import { whenPageShown } from '../lib/page-shown';

/** The signed-in user as the server answers it (getUser, login, refreshToken). */
export type AuthUser = User;

interface AuthState {
  isLoggedIn: boolean;
  user: AuthUser | null;
  isMobileMenuOpen: boolean;
}

export interface AuthContextValue extends AuthState {
  /** Marks the user logged in (the server has set the session cookie). */
  signIn(user: AuthUser): void;
  /** Forgets the user; the caller navigates. */
  signOut(): void;
  setUser(user: AuthUser): void;
  setMobileMenuOpen(open: boolean): void;
  /** Logout (spec section 4): revokes the token on the server (which clears the cookie), opens /{lang}/login. */
  logout(): Promise<void>;
}

/**
 * The auth calls' declarations, loaded on first use: the provider is part of the first load, and a
 * declaration brings zod with it (issue 17 item 2).
 */
const authCalls = async () => (await import('@common/api/auth')).authApi;

const loginPath = () => `/${languageOfPath(window.location.pathname)}/login`;

/**
 * Startup refresh (spec section 4): with a session, ask for a fresh token (the server rotates the
 * cookie). A verified user is signed in; an unverified one sees 'user not allowed'; any other refusal clears
 * the session and opens the login page. Its 401 is its own answer (`keepSessionOn401`), not the
 * global "401 → /" handling. Declarations that could not be fetched (a flaky network) and an answer
 * whose body never arrived (`call` tells it as not reached: the page left as it came) are not the
 * server's answer: like being offline, they keep the session.
 */
async function refreshSession(): Promise<{ user: AuthUser } | 'not_allowed' | 'failed'> {
  const { refreshToken } = await authCalls();
  try {
    const success = await call(refreshToken, {}, { quiet: true, keepSessionOn401: true });
    return success.user.is_verified ? success : 'not_allowed';
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return 'not_allowed';
    if (error instanceof ApiError && error.status === null) throw error; // not reached: keep the session as it is
    return 'failed';
  }
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Logged-in starts true when a session marker exists (spec section 4); the startup refresh confirms it.
  const [state, setState] = useState<AuthState>(() => ({ isLoggedIn: hasSession(), user: null, isMobileMenuOpen: false }));

  const signIn = useCallback((user: AuthUser) => {
    setState((s) => ({ ...s, isLoggedIn: true, user }));
  }, []);
  const signOut = useCallback(() => {
    clearSessionMarker();
    setState((s) => ({ ...s, isLoggedIn: false, user: null }));
  }, []);
  const setUser = useCallback((user: AuthUser) => setState((s) => ({ ...s, user })), []);
  const setMobileMenuOpen = useCallback((open: boolean) => setState((s) => ({ ...s, isMobileMenuOpen: open })), []);

  const logout = useCallback(async () => {
    try {
      if (hasSession()) await call((await authCalls()).revokeToken, {}, { quiet: true, keepSessionOn401: true });
    } catch {
      // already invalid on the server: nothing more to revoke
    }
    clearSessionMarker();
    setState((s) => ({ ...s, isLoggedIn: false, user: null }));
    window.location.assign(loginPath());
  }, []);

  useEffect(() => {
    if (!hasSession()) return;
    let cancelled = false;
    // once the first page is on screen (only the signed-in home page's greeting waits for the user it answers)
    whenPageShown()
      .then(refreshSession)
      .then(
        async (outcome) => {
          if (cancelled) return;
          if (typeof outcome === 'object') {
            setState((s) => ({ ...s, isLoggedIn: true, user: outcome.user }));
            return;
          }
          clearSessionMarker();
          setState((s) => ({ ...s, isLoggedIn: false, user: null }));
          if (outcome === 'not_allowed') {
            await i18n.loadNamespaces('auth');
            toast.error(i18n.t('auth:user_not_allowed'), { toastId: 'user_not_allowed' });
          } else if (!/\/login$/.test(window.location.pathname)) {
            window.location.assign(loginPath());
          }
        },
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(
    () =>
      onUnauthorized(() => {
        setState((s) => ({ ...s, isLoggedIn: false, user: null }));
        window.location.assign('/');
      }),
    [],
  );

  const value = useMemo(
    () => ({ ...state, signIn, signOut, setUser, setMobileMenuOpen, logout }),
    [state, signIn, signOut, setUser, setMobileMenuOpen, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** How a query keyed by its user (`user?.id ?? UNNAMED_USER`) names them before the startup refresh has. */
export const UNNAMED_USER = 'me';

/**
 * `placeholderData` of a query keyed by its user: what it read before the startup refresh named the user is theirs,
 * and is shown while it reads again under their id, so that a screen, and a dialog open on it, stay.
 */
export function readBeforeUserNamed<T>(
  previous: T | undefined,
  previousQuery: { queryKey: readonly unknown[] } | undefined,
): T | undefined {
  return previousQuery?.queryKey.includes(UNNAMED_USER) ? previous : undefined;
}
