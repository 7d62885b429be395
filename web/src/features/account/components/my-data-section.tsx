import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { arrivalPath, isLanguage } from '@common/languages';
import { ApiError } from '../../../lib/api';
import { holdSignOut, leaveSignedOut } from '../../../lib/token-store';
import { deleteMyAccount, downloadMyData } from '../api/my-data';
import card from '../../../styles/surfaces.module.css';
import styles from './my-data-section.module.css';

/** The profile's "your data": download all of it, or delete the account and everything in it. */
export function MyDataSection() {
  const { t } = useTranslation('account');
  const [downloading, setDownloading] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch {
      // the client has shown the server's message
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className={`${card.card} ${styles.section}`} aria-labelledby="my-data-heading">
      <h2 id="my-data-heading" className={styles.heading}>
        {t('data_title')}
      </h2>
      <p className={styles.text}>{t('data_lead')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" busy={downloading} onClick={() => void download()}>
          {t('download')}
        </Button>
      </div>
      <div className={styles.danger}>
        <h3 className={styles.heading}>{t('delete_title')}</h3>
        <p className={styles.text}>{t('delete_lead')}</p>
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => setConfirmOpen(true)}>
            {t('delete')}
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={confirmOpen} onOpenChange={setConfirmOpen} />
    </section>
  );
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation('account');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmation) {
      setError(t('confirmation_required'));
      return;
    }
    setBusy(true);
    const releaseSignOut = holdSignOut();
    try {
      await deleteMyAccount(confirmation);
      toast.success(t('deleted'));
      // to where a new visitor starts: the home page is for the signed-in (it would send them to the login page)
      leaveSignedOut(arrivalPath(isLanguage(i18n.language) ? i18n.language : 'en'));
    } catch (failure) {
      releaseSignOut();
      setError(failure instanceof ApiError ? failure.message : t('delete_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('confirm_title')} description={t('confirm_lead')} width={520}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('confirmation_label')}
          hint={t('confirmation_hint')}
          type="password"
          name="delete-confirmation"
          autoComplete="current-password"
          value={confirmation}
          onChange={(e) => {
            setConfirmation(e.target.value);
            setError(undefined);
          }}
          error={error}
          maxLength={320}
        />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t('confirm_delete')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
