import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { writingApi } from '@common/api/writing';
import type { Chapter } from '@common/schemas/session';
import type { TextVersion } from '@common/schemas/versions';
import { Button } from '../../../components/button';
import { call } from '../../../lib/api';
import { updateChapter } from '../model/checkpoint-ops';
import { useWorkspaceContext } from './workspace-context';
import styles from '../workspace.module.css';

/**
 * The chapter's texts kept on the server (each generated one, each edited one it replaced), fetched
 * when the author opens the list; any of them can be restored as the current text.
 */
export function ChapterVersions({ chapter }: { chapter: Chapter }) {
  const { t, i18n } = useTranslation('workspace');
  const { sessionId, applyServerWrite } = useWorkspaceContext();
  const [versions, setVersions] = useState<TextVersion[] | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      setVersions(await call(writingApi.getChapterVersions, { params: { service_session_id: sessionId, chapter_id: chapter.id } }));
    } catch {
      toast.error(t('versions.failed'));
    } finally {
      setBusy(false);
    }
  };

  const restore = async (version: TextVersion) => {
    setBusy(true);
    try {
      const restored = await call(writingApi.restoreChapterVersion, {
        body: { service_session_id: sessionId, chapter_id: chapter.id, version_id: version.id },
      });
      applyServerWrite(
        (c) =>
          updateChapter(c, chapter.id, {
            generated_content: restored.content,
            generated_content_json: restored.content_json,
            text_origin: restored.origin,
          }),
        restored.version,
      );
      setVersions(null);
      toast.success(t('versions.restored'));
    } catch {
      toast.error(t('versions.failed'));
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
    <section className={styles.assistantNote} aria-label={t('versions.title')} data-testid="chapter-versions">
      <p>
        <strong>{t('versions.title')}</strong>
      </p>
      {versions.length === 0 ? <p className={styles.muted}>{t('versions.none')}</p> : null}
      <ol className={styles.versionList}>
        {versions.map((version) => {
          const current = version.content === chapter.generated_content;
          return (
            <li key={version.id} data-testid="chapter-version">
              <span>
                {t(`versions.${version.origin}`)} · {when.format(new Date(version.created_at))}
                {current ? ` · ${t('versions.current')}` : ''}
              </span>
              <span className={styles.muted}>{version.content.slice(0, 140)}…</span>
              {current ? null : (
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
