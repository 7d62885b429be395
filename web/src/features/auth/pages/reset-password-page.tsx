import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { languageOfPath } from '@common/languages';
import { PASSWORD_MIN_LENGTH } from '@common/schemas/auth';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { resetPassword } from '../api/accounts';
import styles from '../components/auth.module.css';
import { serverError } from '../lib/errors';

/** New password and its confirmation, each with show/hide; the token comes from the link. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const lng = languageOfPath(useLocation().pathname);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await resetPassword({ token, password, confirm_password: confirm });
      toast.success(message);
      navigate(paths.login(lng), { replace: true });
    } catch (error) {
      toast.error(serverError(error).message ?? t('wrong_email'));
      setBusy(false);
    }
  }

  return (
    <Screen title={t('reset_title')} lead={t('reset_lead')} width="narrow">
      <div className={styles.card}>
        {!token ? (
          <p className={styles.notice} role="alert">
            {t('reset_link_missing')}{' '}
            <Link to={paths.forgotPassword(lng)} className={styles.link}>
              {t('ask_new_link')}
            </Link>
          </p>
        ) : null}
        <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
          <TextField
            label={t('new_password')}
            hint={t('password_hint', { min: PASSWORD_MIN_LENGTH })}
            type="password"
            name="password"
            autoComplete="new-password"
            revealable
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={t('confirm_password')}
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            revealable
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={busy} disabled={!token}>
              {t('reset_submit')}
            </Button>
          </div>
        </form>
      </div>
    </Screen>
  );
}
