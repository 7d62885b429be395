import { useCallback } from 'react';
import { useAuth } from '../auth';

/**
 * The header's Logout: closes the mobile panel, then the auth context's logout (spec section 4:
 * revoke the token quietly, clear the session, open /{lang}/login with a full load, so nothing of
 * this user stays in memory).
 */
export function useLogout(): () => Promise<void> {
  const { logout, setMobileMenuOpen } = useAuth();
  return useCallback(async () => {
    setMobileMenuOpen(false);
    await logout();
  }, [logout, setMobileMenuOpen]);
}
