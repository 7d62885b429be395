import { useCallback, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { EMAIL_MAX_LENGTH } from '@common/constants';
import { languageOfPath } from '@common/languages';
import { PASSWORD_MIN_LENGTH, RegisterBodySchema } from '@common/schemas/auth';
import { z } from 'zod';
import { useSiteHref } from '../../../lib/site-links';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { FormTextField } from '../../../components/form-text-field';
import { toastFirstError, useSchemaForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useAuthConfig } from '../../../lib/auth-config';
import { register, verifyRegistrationWithoutOtp } from '../api/accounts';
import { CaptchaField } from '../../../components/captcha-field';
import { CheckboxField } from '../components/checkbox-field';
import styles from '../components/auth.module.css';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { serverError } from '../lib/errors';
import { trialForSignIn } from '../lib/trial';

/** The account's fields as the server checks them, plus what only this form asks: the e-mail twice, the terms, the captcha. */
function registerFormSchema(t: TFunction<'auth'>, captchaNeeded: boolean) {
  return RegisterBodySchema.extend({
    password: RegisterBodySchema.shape.password.min(PASSWORD_MIN_LENGTH),
    confirm_email: z.string().trim().min(1),
    confirm_password: z.string().min(1),
    terms: z.boolean().refine(Boolean, { error: () => t('accept_terms') }),
  }).superRefine((values, ctx) => {
    if (values.email !== values.confirm_email.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['confirm_email'], message: t('email_mismatch'), input: values.confirm_email });
    if (values.password !== values.confirm_password)
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: t('password_mismatch'), input: values.confirm_password });
    if (captchaNeeded && !values.captcha)
      ctx.addIssue({ code: 'custom', path: ['captcha'], message: t('complete_captcha'), input: values.captcha });
  });
}

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const { data: config } = useAuthConfig();
  const complete = useCompleteSignIn();
  const termsLink = useSiteHref(lng, 'terms');
  const captchaNeeded = Boolean(config && config.captcha !== 'none');
  const schema = useMemo(() => registerFormSchema(t, captchaNeeded), [t, captchaNeeded]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      confirm_email: '',
      city: '',
      password: '',
      confirm_password: '',
      terms: false,
    },
  });
  const { setValue } = form;
  const errors = form.formState.errors;
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  const handleCaptcha = useCallback((solution: string | undefined) => setValue('captcha', solution), [setValue]);

  async function submit(values: z.output<typeof schema>) {
    if (busy) return;
    setBusy(true);
    const { email } = values;
    try {
      const answer = await register({
        first_name: values.first_name,
        last_name: values.last_name,
        email,
        city: values.city,
        password: values.password,
        confirm_password: values.confirm_password,
        captcha: values.captcha,
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
        <form className={styles.form} onSubmit={(e) => void form.handleSubmit(submit, toastFirstError)(e)} noValidate>
          <div className={styles.row}>
            <FormTextField form={form} name="first_name" label={t('first_name')} autoComplete="given-name" maxLength={100} />
            <FormTextField form={form} name="last_name" label={t('last_name')} autoComplete="family-name" maxLength={100} />
          </div>
          <div className={styles.row}>
            <FormTextField
              form={form}
              name="email"
              label={t('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={EMAIL_MAX_LENGTH}
            />
            <FormTextField
              form={form}
              name="confirm_email"
              label={t('confirm_email')}
              hint={t('confirm_email_hint')}
              type="email"
              autoComplete="off"
              inputMode="email"
              onPaste={(e) => {
                e.preventDefault();
                toast.info(t('paste_blocked'), { toastId: 'paste_blocked' });
              }}
              onDrop={(e) => e.preventDefault()}
              maxLength={EMAIL_MAX_LENGTH}
            />
          </div>
          <div className={styles.row}>
            <FormTextField
              form={form}
              name="password"
              label={t('password')}
              hint={t('password_hint', { min: PASSWORD_MIN_LENGTH })}
              type="password"
              autoComplete="new-password"
              revealable
            />
            <FormTextField
              form={form}
              name="confirm_password"
              label={t('confirm_password')}
              type="password"
              autoComplete="new-password"
              revealable
            />
          </div>
          <FormTextField form={form} name="city" label={t('city')} autoComplete="address-level2" maxLength={100} />
          {config ? (
            <CaptchaField
              config={config}
              lng={lng}
              generation={captchaGeneration}
              invalid={Boolean(errors.captcha)}
              onChange={handleCaptcha}
            />
          ) : null}
          <CheckboxField
            checked={form.watch('terms')}
            onChange={(checked) => setValue('terms', checked, { shouldValidate: form.formState.isSubmitted })}
            invalid={Boolean(errors.terms)}
            name="terms"
          >
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
