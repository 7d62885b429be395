import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { writingApi } from '@common/api/writing';
import type { RestoredText, TextKey, TextVersion } from '@common/schemas/versions';
import { Button } from '../../../components/button';
import { call } from '../../../lib/api';
import { useWorkspaceActions } from './workspace-context';
import styles from '../workspace.module.css';

/**
 * The texts kept on the server for a chapter, the introduction or the summary (each generated one,
 * each edited one), fetched when the author opens the list; any of them can be restored as the
 * current text, which the server writes and answers (`onRestored` applies it without a second save).
 */
export function TextVersions({
  text,
  current,
  title,
  onRestored,
}: {
  text: TextKey;
  current: string;
  title: string;
  onRestored: (restored: RestoredText) => void;
}) {
  const { t, i18n } = useTranslation('workspace');
  const { sessionId } = useWorkspaceActions();
  const [versions, setVersions] = useState<TextVersion[] | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      setVersions(await call(writingApi.getTextVersions, { params: { service_session_id: sessionId, text } }, { quiet: true }));
    } catch {
      toast.error(t('versions.failed'));
    } finally {
      setBusy(false);
    }
  };

  const restore = async (version: TextVersion) => {
    setBusy(true);
    try {
      onRestored(await call(writingApi.restoreTextVersion, { body: { service_session_id: sessionId, text, version_id: version.id } }));
      setVersions(null);
      toast.success(t('versions.restored'));
    } catch {
      // the API client shows the server's message
    } finally {
      setBusy(false);
    }
  };

  if (!versions) {
    return (
      <Button variant="ghost" onClick={open} busy={busy}>
        {t('versions.open')}
      </Button>
    );
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={styles.assistantNote} aria-label={title} data-testid="text-versions">
      <p>
        <strong>{title}</strong>
      </p>
      {versions.length === 0 ? <p className={styles.muted}>{t('versions.none')}</p> : null}
      <ol className={styles.versionList}>
        {versions.map((version) => {
          const isCurrent = version.content === current;
          return (
            <li key={version.id} data-testid="text-version">
              <span>
                {t(`versions.${version.origin}`)} · {when.format(new Date(version.created_at))}
                {isCurrent ? ` · ${t('versions.current')}` : ''}
              </span>
              <span className={styles.muted}>{version.content.length > 140 ? `${version.content.slice(0, 140)}…` : version.content}</span>
              {isCurrent ? null : (
                <Button variant="secondary" onClick={() => restore(version)} busy={busy}>
                  {t('versions.restore')}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      <Button variant="ghost" onClick={() => setVersions(null)}>
        {t('versions.close')}
      </Button>
    </section>
  );
}
