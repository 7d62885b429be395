import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { EMAIL_MAX_LENGTH } from '@common/constants';
import { languageOfPath } from '@common/languages';
import { PASSWORD_MIN_LENGTH } from '@common/schemas/auth';
import { useSiteHref } from '../../../lib/site-links';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { useAuthConfig } from '../../../lib/auth-config';
import { register, verifyRegistrationWithoutOtp } from '../api/accounts';
import { CaptchaField } from '../../../components/captcha-field';
import { CheckboxField } from '../components/checkbox-field';
import styles from '../components/auth.module.css';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { serverError } from '../lib/errors';
import { trialForSignIn } from '../lib/trial';

type Field = 'first_name' | 'last_name' | 'email' | 'confirm_email' | 'city' | 'password' | 'confirm_password';
type Errors = Partial<Record<Field | 'captcha' | 'terms', string>>;
const empty: Record<Field, string> = {
  first_name: '',
  last_name: '',
  email: '',
  confirm_email: '',
  city: '',
  password: '',
  confirm_password: '',
};

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const { data: config } = useAuthConfig();
  const complete = useCompleteSignIn();
  const [values, setValues] = useState(empty);
  const [terms, setTerms] = useState(false);
  const termsLink = useSiteHref(lng, 'terms');
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const handleCaptcha = useCallback((solution: string | undefined) => setCaptcha(solution), []);

  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function validate(): Errors {
    const found: Errors = {};
    for (const field of Object.keys(empty) as Field[]) if (!values[field].trim()) found[field] = t('field_required');
    if (values.email.trim() && !values.email.includes('@')) found.email = t('invalid_email');
    if (values.confirm_email.trim() && values.email.trim().toLowerCase() !== values.confirm_email.trim().toLowerCase())
      found.confirm_email = t('email_mismatch');
    if (values.password && values.password.length < PASSWORD_MIN_LENGTH)
      found.password = t('password_too_short', { min: PASSWORD_MIN_LENGTH });
    if (values.confirm_password && values.password !== values.confirm_password) found.confirm_password = t('password_mismatch');
    if (config && config.captcha !== 'none' && !captcha) found.captcha = t('complete_captcha');
    if (!terms) found.terms = t('accept_terms');
    return found;
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    const order: Array<keyof Errors> = [
      'first_name',
      'last_name',
      'email',
      'confirm_email',
      'city',
      'password',
      'confirm_password',
      'captcha',
      'terms',
    ];
    const first = order.map((k) => found[k]).find(Boolean);
    if (first) {
      toast.error(first, { toastId: first });
      return;
    }
    setBusy(true);
    const email = values.email.trim();
    try {
      const answer = await register({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email,
        city: values.city.trim(),
        password: values.password,
        confirm_password: values.confirm_password,
        captcha,
      });
      if (answer.status === 202) {
        toast.success(answer.message ?? t('confirmation_sent'));
        navigate(paths.login(lng), { replace: true });
        return;
      }
      if (answer.status !== 200 || !answer.registration_ticket) throw new Error('register');
      const result = await verifyRegistrationWithoutOtp({
        email,
        registration_ticket: answer.registration_ticket,
        trial_session: trialForSignIn(),
      });
      if (!(await complete(result, { event: 'signup_event', mode: 'Normal', remember: null }))) setBusy(false);
    } catch (error) {
      const { status, message } = serverError(error);
      setBusy(false);
      // A used captcha solution never counts twice: start a fresh one.
      setCaptchaGeneration((g) => g + 1);
      if (status === 409) toast.error(message ?? t('email_taken'));
      else if (status === 400 || status === 429) toast.error(message ?? t('register_failed'));
      else toast.error(t('register_failed'));
    }
  }

  return (
    <Screen title={t('register_title')} lead={t('register_lead')} width="normal">
      <div className={styles.card}>
        <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
          <div className={styles.row}>
            <TextField
              label={t('first_name')}
              name="first_name"
              autoComplete="given-name"
              value={values.first_name}
              onChange={set('first_name')}
              error={errors.first_name}
              maxLength={100}
            />
            <TextField
              label={t('last_name')}
              name="last_name"
              autoComplete="family-name"
              value={values.last_name}
              onChange={set('last_name')}
              error={errors.last_name}
              maxLength={100}
            />
          </div>
          <div className={styles.row}>
            <TextField
              label={t('email')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={set('email')}
              error={errors.email}
              maxLength={EMAIL_MAX_LENGTH}
            />
            <TextField
              label={t('confirm_email')}
              hint={t('confirm_email_hint')}
              type="email"
              name="confirm_email"
              autoComplete="off"
              inputMode="email"
              value={values.confirm_email}
              onChange={set('confirm_email')}
              onPaste={(e) => {
                e.preventDefault();
                toast.info(t('paste_blocked'), { toastId: 'paste_blocked' });
              }}
              onDrop={(e) => e.preventDefault()}
              error={errors.confirm_email}
              maxLength={EMAIL_MAX_LENGTH}
            />
          </div>
          <div className={styles.row}>
            <TextField
              label={t('password')}
              hint={t('password_hint', { min: PASSWORD_MIN_LENGTH })}
              type="password"
              name="password"
              autoComplete="new-password"
              revealable
              value={values.password}
              onChange={set('password')}
              error={errors.password}
            />
            <TextField
              label={t('confirm_password')}
              type="password"
              name="confirm_password"
              autoComplete="new-password"
              revealable
              value={values.confirm_password}
              onChange={set('confirm_password')}
              error={errors.confirm_password}
            />
          </div>
          <TextField
            label={t('city')}
            name="city"
            autoComplete="address-level2"
            value={values.city}
            onChange={set('city')}
            error={errors.city}
            maxLength={100}
          />
          {config ? (
            <CaptchaField
              config={config}
              lng={lng}
              generation={captchaGeneration}
              invalid={Boolean(errors.captcha)}
              onChange={handleCaptcha}
            />
          ) : null}
          <CheckboxField checked={terms} onChange={setTerms} invalid={Boolean(errors.terms)} name="terms">
            <Trans
              t={t}
              i18nKey="terms_label"
              components={{ terms: <a href={termsLink?.href} target="_blank" rel="noopener" className={styles.link} /> }}
            />
          </CheckboxField>
          <div className={styles.actions}>
            <Button type="submit" busy={busy}>
              {t('register_submit')}
            </Button>
          </div>
        </form>
        <p className={styles.centered}>
          {t('have_account')}{' '}
          <Link to={paths.login(lng)} state={location.state} className={styles.link}>
            {t('sign_in_link')}
          </Link>
        </p>
      </div>
    </Screen>
  );
}
