import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '@common/constants';
import { ContactMessageBodySchema, CONTACT_MESSAGE_MAX } from '@common/schemas/site';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api';
import { useCurrentLanguage } from '../../../lib/use-current-language';
import { useAuthConfig } from '../../../lib/auth-config';
import { CaptchaField } from '../../../components/captcha-field';
import fieldStyles from '../../../components/text-field.module.css';
import { sendContactMessage } from '../api/site-calls';
import styles from '../site.module.css';

type Field = 'name' | 'email' | 'message' | 'captcha';
const empty = { name: '', email: '', message: '' };

/** The contact form: e-mails the operator (OPERATOR_EMAIL), behind the same captcha as registration. */
export function ContactPage() {
  const { t } = useTranslation('site');
  const lng = useCurrentLanguage();
  const { data: config } = useAuthConfig();
  const [values, setValues] = useState(empty);
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const handleCaptcha = useCallback((solution: string | undefined) => setCaptcha(solution), []);

  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function validate(): Partial<Record<Field, string>> {
    const parsed = ContactMessageBodySchema.safeParse(values);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] as keyof typeof empty;
      found[field] ??= t(`errors.${field}`);
    }
    if (config && config.captcha !== 'none' && !captcha) found.captcha = t('errors.captcha');
    return found;
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    setFailure(null);
    const first = (['name', 'email', 'message'] as const).find((field) => found[field]);
    if (first) {
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (found.captcha) return;
    setBusy(true);
    try {
      await sendContactMessage({ ...values, captcha });
      setSent(true);
      setValues(empty);
    } catch (error) {
      setFailure(error instanceof ApiError && error.status !== null && error.status < 500 ? error.message : t('send_failed'));
    } finally {
      setBusy(false);
      // a solution counts once on the server: a fresh challenge for the next message
      setCaptchaGeneration((g) => g + 1);
    }
  }

  return (
    <Screen title={t('contact.title')} lead={t('contact.lead')} width="narrow">
      <div className={styles.card}>
        {sent ? (
          <div className={styles.sent} role="status" data-testid="contact-sent">
            <p>{t('contact.sent')}</p>
            <Button variant="secondary" onClick={() => setSent(false)}>
              {t('contact.another')}
            </Button>
          </div>
        ) : (
          <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
            <TextField
              label={t('contact.name')}
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              error={errors.name}
              maxLength={100}
            />
            <TextField
              label={t('contact.email')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={set('email')}
              error={errors.email}
              maxLength={EMAIL_MAX_LENGTH}
            />
            <div className={fieldStyles.field}>
              <label htmlFor="contact-message" className={fieldStyles.label}>
                {t('contact.message')}
              </label>
              <textarea
                id="contact-message"
                name="message"
                rows={7}
                className={`${fieldStyles.input} ${styles.textarea}`}
                value={values.message}
                onChange={set('message')}
                maxLength={CONTACT_MESSAGE_MAX}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? 'contact-message-error' : undefined}
              />
              {errors.message ? (
                <p id="contact-message-error" className={fieldStyles.error} role="alert">
                  {errors.message}
                </p>
              ) : null}
            </div>
            {config ? (
              <CaptchaField
                config={config}
                lng={lng}
                generation={captchaGeneration}
                invalid={Boolean(errors.captcha)}
                onChange={handleCaptcha}
              />
            ) : null}
            {errors.captcha ? (
              <p className={fieldStyles.error} role="alert">
                {errors.captcha}
              </p>
            ) : null}
            {failure ? (
              <p className={styles.failure} role="alert">
                {failure}
              </p>
            ) : null}
            <Button type="submit" busy={busy}>
              {t('contact.send')}
            </Button>
          </form>
        )}
      </div>
    </Screen>
  );
}
