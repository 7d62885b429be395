import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { EMAIL_MAX_LENGTH } from '@common/constants';
import { languageOfPath } from '@common/languages';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { FormTextField } from '../../../components/form-text-field';
import { toastFirstError, useSchemaForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useAuthConfig } from '../../../lib/auth-config';
import { loginWithGoogle, loginWithPassword } from '../api/accounts';
import { CaptchaField } from '../../../components/captcha-field';
import { CheckboxField } from '../components/checkbox-field';
import { GoogleButton } from '../components/google-button';
import styles from '../components/auth.module.css';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { recallEmail } from '../lib/remembered-email';
import { serverError } from '../lib/errors';
import { trialForSignIn } from '../lib/trial';

const loginFormSchema = () => import('../lib/login-form-schema').then((m) => m.LoginFormSchema);

export function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const [params] = useSearchParams();
  const { data: config } = useAuthConfig();
  const complete = useCompleteSignIn();
  const form = useSchemaForm(loginFormSchema, { defaultValues: { email: '', password: '' } });
  const { getValues, setValue } = form;
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  // After a few wrong passwords for this address the server asks for a captcha (never a lock).
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const handleCaptcha = useCallback((solution: string | undefined) => setCaptcha(solution), []);
  // …and takes the next try only after a short wait, counted down next to the captcha.
  const [waitSeconds, setWaitSeconds] = useState(0);
  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = window.setTimeout(() => setWaitSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [waitSeconds]);

  useEffect(() => {
    let alive = true;
    void recallEmail().then((saved) => {
      if (alive && saved) {
        if (!getValues('email')) setValue('email', saved);
        setRemember(true);
      }
    });
    return () => {
      alive = false;
    };
  }, [getValues, setValue]);

  const confirmed = params.get('confirmed');
  useEffect(() => {
    if (confirmed === '1') toast.success(t('email_confirmed'), { toastId: 'confirmed' });
    if (confirmed === '0') toast.error(t('confirmation_link_invalid'), { toastId: 'confirmed' });
  }, [confirmed, t]);

  async function submit({ email, password }: { email: string; password: string }) {
    setBusy(true);
    try {
      const result = await loginWithPassword({
        email,
        password,
        trial_session: trialForSignIn(),
        remember_me: remember,
        ...(captchaRequired && captcha ? { captcha } : {}),
      });
      if (!(await complete(result, { event: 'login_event', mode: 'Normal', remember }))) setBusy(false);
    } catch (error) {
      const { code, message, captchaRequired: required, retryAfter } = serverError(error);
      toast.error(code === 'auth.user_not_allowed' ? t('user_not_allowed') : (message ?? t('login_failed')), { toastId: code });
      if (retryAfter !== undefined) setWaitSeconds(retryAfter);
      if (required) {
        setCaptchaRequired(true);
        setCaptcha(undefined);
        setCaptchaGeneration((n) => n + 1);
      }
      setBusy(false);
    }
  }

  async function handleGoogle(accessToken: string) {
    setBusy(true);
    try {
      const result = await loginWithGoogle({ access_token: accessToken, trial_session: trialForSignIn(), remember_me: remember });
      const isNew = result.is_new_user;
      if (!(await complete(result, { event: isNew ? 'signup_event' : 'login_event', mode: 'Google', remember }))) setBusy(false);
    } catch (error) {
      const { status, message } = serverError(error);
      setBusy(false);
      if (status === 400) navigate(paths.thankYouRegister(lng));
      else toast.error(message ?? t('login_failed'));
    }
  }

  return (
    <Screen title={t('login_title')} lead={t('login_lead')} width="narrow">
      <div className={styles.card}>
        <form className={styles.form} onSubmit={(e) => void form.handleSubmit(submit, toastFirstError)(e)} noValidate>
          <FormTextField
            form={form}
            name="email"
            label={t('email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            maxLength={EMAIL_MAX_LENGTH}
          />
          <FormTextField form={form} name="password" label={t('password')} type="password" autoComplete="current-password" revealable />
          <div className={styles.between}>
            <CheckboxField checked={remember} onChange={setRemember} name="remember">
              {t('remember_me')}
            </CheckboxField>
            <Link to={paths.forgotPassword(lng)} className={styles.link}>
              {t('forgot_password_link')}
            </Link>
          </div>
          {captchaRequired && config ? (
            <>
              <p className={styles.notice} role="status" data-testid="login-captcha-notice">
                {waitSeconds > 0 ? t('login_captcha_wait', { seconds: waitSeconds }) : t('login_captcha_now')}
              </p>
              <CaptchaField config={config} lng={lng} generation={captchaGeneration} invalid={false} onChange={handleCaptcha} />
            </>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" busy={busy}>
              {t('login_submit')}
            </Button>
          </div>
        </form>
        {config?.google_client_id ? (
          <>
            <p className={styles.divider}>{t('or')}</p>
            <GoogleButton clientId={config.google_client_id} disabled={busy} onToken={(token) => void handleGoogle(token)} />
          </>
        ) : null}
        <p className={styles.centered}>
          {t('no_account')}{' '}
          <Link to={paths.register(lng)} state={location.state} className={styles.link}>
            {t('sign_up_link')}
          </Link>
        </p>
      </div>
    </Screen>
  );
}
