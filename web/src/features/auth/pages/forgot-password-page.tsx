import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from '../../../lib/toast';
import { EMAIL_MAX_LENGTH } from '@common/constants';
import { languageOfPath } from '@common/languages';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { forgotPassword } from '../api/accounts';
import styles from '../components/auth.module.css';
import { serverError } from '../lib/errors';

/** One e-mail field; the answer is the same whether or not an account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const lng = languageOfPath(useLocation().pathname);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await forgotPassword(email.trim());
      setSent(message);
      toast.success(message);
    } catch (error) {
      const { status, message } = serverError(error);
      toast.error(status === 429 && message ? message : t('wrong_email'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Screen title={t('forgot_title')} lead={t('forgot_lead')} width="narrow">
      <div className={styles.card}>
        {sent ? (
          <p className={styles.notice} role="status">
            {sent}
          </p>
        ) : null}
        <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
          <TextField
            label={t('email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={EMAIL_MAX_LENGTH}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={busy}>
              {t('forgot_submit')}
            </Button>
          </div>
        </form>
        <p className={styles.centered}>
          <Link to={paths.login(lng)} className={styles.link}>
            {t('back_to_login')}
          </Link>
        </p>
      </div>
    </Screen>
  );
}
