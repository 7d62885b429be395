import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { Invitation } from '@common/schemas/family';
import { Button } from '../../../components/button';
import { useFamilyActions } from '../api/author-calls';
import styles from '../family.module.css';

/**
 * The book's links: copy, share by WhatsApp or SMS, revoke; with how many answers each brought, and
 * whether the book names the relative on its contributors' page (any link, even withdrawn: their
 * memories may already be in the book).
 */
export function InvitationList({ bookId, invitations }: { bookId: number; invitations: Invitation[] }) {
  const { t } = useTranslation('family');
  const { revoke, credit } = useFamilyActions(bookId);
  // the choice being saved, set in the click's own render: the mutation's pending state comes a task later, and the
  // controlled box would show the old choice until then
  const [saving, setSaving] = useState<{ invitationId: number; credited: boolean } | null>(null);
  if (invitations.length === 0) return <p className={styles.hint}>{t('links.none')}</p>;
  return (
    <ul className={styles.links}>
      {invitations.map((invitation) => {
        const text = t('links.share_text', { name: invitation.contributor_name, url: invitation.url });
        return (
          <li key={invitation.id} className={styles.link}>
            <p className={styles.linkWho}>
              {invitation.contributor_name} · {invitation.relation}
            </p>
            <p className={styles.hint}>
              {t(`links.state_${invitation.state}`, { date: new Date(invitation.expires_at).toLocaleDateString(invitation.language) })} ·{' '}
              {t('links.contributions', { count: invitation.contributions })}
            </p>
            <label className={styles.check}>
              <input
                type="checkbox"
                // while the choice is saved (and the list fetched again), it shows as chosen
                checked={saving?.invitationId === invitation.id ? saving.credited : invitation.credited}
                disabled={saving?.invitationId === invitation.id}
                onChange={(event) => {
                  const choice = { invitationId: invitation.id, credited: event.target.checked };
                  setSaving(choice);
                  credit.mutate(choice, { onSettled: () => setSaving(null) });
                }}
              />{' '}
              {t('links.credited', { name: invitation.contributor_name })}
            </label>
            {invitation.state === 'active' ? (
              <div className={styles.actions}>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() =>
                    void navigator.clipboard
                      .writeText(invitation.url)
                      .then(() => toast.success(t('links.copied'), { toastId: 'family-link-copied' }))
                      .catch(() => toast.error(t('links.copy_failed'), { toastId: 'family-link-copy-failed' }))
                  }
                >
                  {t('links.copy')}
                </Button>
                <a className={styles.share} href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noreferrer">
                  {t('links.whatsapp')}
                </a>
                <a className={styles.share} href={`sms:?&body=${encodeURIComponent(text)}`}>
                  {t('links.sms')}
                </a>
                <Button
                  type="button"
                  variant="secondary"
                  busy={revoke.isPending && revoke.variables === invitation.id}
                  onClick={() => revoke.mutate(invitation.id)}
                >
                  {t('links.revoke')}
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
