import { toast } from '../../../lib/toast';
import { i18n } from '../../../lib/i18n';
import { readTrialSession, trialSessionPayload } from '../../../lib/trial-session';

/**
 * The `trial_session` to send with login, registration and Google sign-in: the raw stored value,
 * or null. An unreadable one shows 'Error in trial session' (spec section 8) and is not sent.
 */
export function trialForSignIn(): string | null {
  try {
    if (!readTrialSession()) return null;
  } catch {
    toast.error(i18n.t('auth:trial_session_error'), { toastId: 'trial_session_error' });
    return null;
  }
  return trialSessionPayload();
}
