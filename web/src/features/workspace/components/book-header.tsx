import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_COVER_TEXT, MOBILE_USER_AGENT, type Language } from '@common/constants';
import { BOOK_NAME_MAX_LENGTH } from '@common/rules/book-name';
import { bookTypeOf } from '@common/rules/book-type';
import { progressPercent } from '@common/rules/progress';
import type { CheckpointData } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { DownloadMenu } from '../../../components/download-menu';
import { ProgressBar } from '../../../components/progress-bar';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import type { BookFormat } from '../../../lib/use-download-book';
import type { BookMeta, useWorkspace } from '../hooks/use-workspace';
import type { SaveStatus } from '../model/sync-engine';
import { CoverSlot } from './image-slots';
import { InlineTitle } from './inline-title';
import { SaveIndicator } from './save-indicator';
import { useWorkspaceSlots } from './workspace-slots';
import styles from '../workspace.module.css';

/** The book title's Element Timing name: the workspace renders its chapter list once the title is on screen. */
export const BOOK_TITLE_TIMING = 'book-title';

const isMobile = () => MOBILE_USER_AGENT.test(navigator.userAgent);

/**
 * The top of the workspace: cover, kind of book, the title (renamed in place), progress, saving state,
 * the audiobook's progress, and the book's actions (preview, download, audiobook, printing, family).
 */
export function BookHeader({
  meta,
  checkpoint,
  status,
  lng,
  saveAttribute,
  onPreview,
  onDownload,
  downloadBusy,
  onAudiobook,
}: {
  meta: BookMeta;
  checkpoint: CheckpointData;
  status: SaveStatus;
  lng: Language;
  saveAttribute: ReturnType<typeof useWorkspace>['saveAttribute'];
  onPreview: () => void;
  onDownload: (format: BookFormat) => void;
  downloadBusy: boolean;
  onAudiobook: () => void;
}) {
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  const { AudiobookProgress } = useWorkspaceSlots();
  const sessionId = meta.id;
  const progress = progressPercent(checkpoint.data);
  return (
    <header className={styles.bookHeader}>
      <CoverSlot fallback={meta.book_name || DEFAULT_COVER_TEXT} />
      <div className={styles.bookHeading}>
        <span className={styles.bookType}>{t(`book_type.${bookTypeOf(checkpoint.general_category_id)}`)}</span>
        <InlineTitle
          as="h1"
          elementTiming={BOOK_TITLE_TIMING}
          value={meta.book_name}
          maxLength={BOOK_NAME_MAX_LENGTH}
          className={styles.bookTitle}
          editLabel={t('header.edit_title')}
          inputLabel={t('header.title_label')}
          onSave={async (name) => {
            const ok = await saveAttribute('book_name', name, meta.book_name);
            if (ok) toast.success(t('messages.book_name_updated'));
            else toast.error(t('messages.book_name_failed'));
          }}
        />
        <div className={styles.progressRow}>
          <ProgressBar value={progress} label={t('header.progress')} tone="success" className={styles.progress} />
          <span className={styles.progressText}>{t('header.progress_value', { value: progress })}</span>
        </div>
        <SaveIndicator status={status} isGuest={meta.isGuest} />
        {meta.isGuest ? null : <AudiobookProgress sessionId={sessionId} lng={lng} />}
      </div>
      <div className={styles.headerActions}>
        <Button
          variant="secondary"
          onClick={onPreview}
          disabled={!meta.is_payed && !isMobile()}
          title={!meta.is_payed ? t('header.preview_locked') : undefined}
        >
          {t('header.preview')}
        </Button>
        <DownloadMenu onChoose={onDownload} busy={downloadBusy} />
        <Button variant="secondary" onClick={onAudiobook}>
          {t('header.audiobook')}
        </Button>
        <Button variant="secondary" onClick={() => navigate(paths.printing(lng, sessionId))}>
          {t('header.printing')}
        </Button>
        {meta.isGuest ? null : (
          <Button variant="secondary" onClick={() => navigate(paths.family(lng, sessionId))}>
            {t('header.family')}
          </Button>
        )}
      </div>
    </header>
  );
}
