import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clearToken, getToken, onUnauthorized, setToken } from '../lib/token-store';

export interface AuthUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  city: string;
  is_verified: boolean;
  coupon_code?: string | null;
}

interface AuthState {
  isLoggedIn: boolean;
  user: AuthUser | null;
  isMobileMenuOpen: boolean;
}

export interface AuthContextValue extends AuthState {
  /** Stores the token (cookie when remembered, else session storage) and marks the user logged in. */
  signIn(token: string, user: AuthUser, remember: boolean): void;
  /** Clears the token and the user; the caller navigates. */
  signOut(): void;
  setUser(user: AuthUser): void;
  setMobileMenuOpen(open: boolean): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Logged-in starts true when a token exists (spec section 4); the startup refresh confirms it.
  const [state, setState] = useState<AuthState>(() => ({ isLoggedIn: getToken() !== null, user: null, isMobileMenuOpen: false }));

  const signIn = useCallback((token: string, user: AuthUser, remember: boolean) => {
    setToken(token, remember);
    setState((s) => ({ ...s, isLoggedIn: true, user }));
  }, []);
  const signOut = useCallback(() => {
    clearToken();
    setState((s) => ({ ...s, isLoggedIn: false, user: null }));
  }, []);
  const setUser = useCallback((user: AuthUser) => setState((s) => ({ ...s, user })), []);
  const setMobileMenuOpen = useCallback((open: boolean) => setState((s) => ({ ...s, isMobileMenuOpen: open })), []);

  useEffect(
    () =>
      onUnauthorized(() => {
        setState((s) => ({ ...s, isLoggedIn: false, user: null }));
        window.location.assign('/');
      }),
    [],
  );

  const value = useMemo(() => ({ ...state, signIn, signOut, setUser, setMobileMenuOpen }), [state, signIn, signOut, setUser, setMobileMenuOpen]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
