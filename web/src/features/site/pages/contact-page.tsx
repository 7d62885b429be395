import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '@common/constants';
import { ContactMessageBodySchema, CONTACT_MESSAGE_MAX, type ContactMessageBody } from '@common/schemas/site';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { FormTextArea } from '../../../components/form-text-area';
import { FormTextField } from '../../../components/form-text-field';
import { toastFirstError, useSchemaForm } from '../../../lib/form';
import { ApiError } from '../../../lib/api';
import { useCurrentLanguage } from '../../../lib/use-current-language';
import { useAuthConfig } from '../../../lib/auth-config';
import { CaptchaField } from '../../../components/captcha-field';
import fieldStyles from '../../../components/text-field.module.css';
import { sendContactMessage } from '../api/site-calls';
import styles from '../site.module.css';

const empty = { name: '', email: '', message: '' };

/** The contact form: e-mails the operator (OPERATOR_EMAIL), behind the same captcha as registration. */
export function ContactPage() {
  const { t } = useTranslation('site');
  const lng = useCurrentLanguage();
  const { data: config } = useAuthConfig();
  const captchaNeeded = Boolean(config && config.captcha !== 'none');
  // the server's schema; the captcha is asked for only when the server checks one
  const schema = useMemo(
    () =>
      ContactMessageBodySchema.superRefine((values, ctx) => {
        if (captchaNeeded && !values.captcha) ctx.addIssue({ code: 'custom', path: ['captcha'], input: values.captcha });
      }),
    [captchaNeeded],
  );
  const form = useSchemaForm(schema, {
    defaultValues: empty,
    messages: { name: t('errors.name'), email: t('errors.email'), message: t('errors.message'), captcha: t('errors.captcha') },
  });
  const { errors } = form.formState;
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const { setValue } = form;
  const handleCaptcha = useCallback((solution: string | undefined) => setValue('captcha', solution), [setValue]);

  async function submit(values: ContactMessageBody) {
    if (busy) return;
    setFailure(null);
    setBusy(true);
    try {
      await sendContactMessage(values);
      setSent(true);
      form.reset(empty);
    } catch (error) {
      setFailure(error instanceof ApiError && error.status !== null && error.status < 500 ? error.message : t('send_failed'));
    } finally {
      setBusy(false);
      // a solution counts once on the server: a fresh challenge for the next message
      setValue('captcha', undefined);
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
          <form className={styles.form} onSubmit={(e) => void form.handleSubmit(submit, toastFirstError)(e)} noValidate>
            <FormTextField form={form} name="name" label={t('contact.name')} autoComplete="name" maxLength={100} />
            <FormTextField
              form={form}
              name="email"
              label={t('contact.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={EMAIL_MAX_LENGTH}
            />
            <FormTextArea
              form={form}
              name="message"
              label={t('contact.message')}
              rows={7}
              className={styles.textarea}
              maxLength={CONTACT_MESSAGE_MAX}
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
            {errors.captcha ? (
              <p className={fieldStyles.error} role="alert">
                {errors.captcha.message}
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
