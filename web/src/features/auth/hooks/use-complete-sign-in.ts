import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { POST_LOGIN_REDIRECT_DELAY_MS } from '@common/constants';
import { languageOfPath } from '@common/languages';
import type { LoginResult } from '@common/schemas/auth';
import { useAuth } from '../../../app/auth';
import { paths } from '../../../lib/paths';
import { clearTrialSession } from '../../../lib/trial-session';
import { pushAuthEvent, type AuthEvent, type LoginMode } from '../lib/analytics';
import { forgetEmail, rememberEmail } from '../lib/remembered-email';

/** Where the user wanted to go before the login guard sent them here (never another login page). */
export function useReturnPath(): string | null {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || /\/(login|register)(\/|$|\?)/.test(from)) return null;
  return from;
}

/**
 * What every successful sign-in does (spec section 4): refuse unverified users, mark the user signed in
 * (the server set the session cookie: 30 days when remembered, else until the browser closes), remember or forget the e-mail, push the analytics
 * event, clear a linked trial, then move on after ~300 ms — new user → thank-you, linked book → its
 * workspace, else where the user came from, else My Books.
 */
export function useCompleteSignIn() {
  const { t } = useTranslation('auth');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = useReturnPath();
  return useCallback(
    async (result: LoginResult, options: { event: AuthEvent; mode: LoginMode; remember: boolean | null }): Promise<boolean> => {
      const lng = languageOfPath(location.pathname);
      if (!result.user?.is_verified) {
        toast.error(t('user_not_allowed'));
        return false;
      }
      signIn(result.user);
      if (options.remember === true) await rememberEmail(result.user.email);
      else if (options.remember === false) forgetEmail();
      void pushAuthEvent(options.event, result.user.email, lng, options.mode);
      if (result.service_session_id) clearTrialSession();
      const target = result.is_new_user
        ? paths.thankYouRegister(lng)
        : result.service_session_id
          ? paths.questions(lng, result.service_session_id)
          : (returnPath ?? paths.myBooks(lng));
      const state = result.is_new_user ? { email: result.user.email, service_session_id: result.service_session_id } : undefined;
      window.setTimeout(() => navigate(target, { state, replace: true }), POST_LOGIN_REDIRECT_DELAY_MS);
      return true;
    },
    [location.pathname, navigate, returnPath, signIn, t],
  );
}
