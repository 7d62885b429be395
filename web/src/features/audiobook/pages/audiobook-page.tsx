import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { audiobookApi } from '@common/api/audiobook';
import { languageOfPath } from '@common/languages';
import { formatPrice } from '@common/rules/prices';
import type { AudiobookStatus } from '@common/schemas/audiobook';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { ProgressBar } from '../../../components/progress-bar';
import { Screen } from '../../../components/screen';
import { ApiError, call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import styles from './audiobook.module.css';

const POLL_MS = 2_000;
const minutes = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/**
 * The audiobook of a book (its owner only): while it is being made, a progress bar that follows the
 * job on the server (it survives closing the tab); once made, the cover, a player for the whole book,
 * each chapter with its own player and download, and a zip of them all.
 */
export function AudiobookPage() {
  const { t } = useTranslation('audiobook');
  const lng = languageOfPath(useLocation().pathname);
  const sessionId = Number(useParams().sessionId);
  const status = useQuery({
    queryKey: ['audiobookStatus', sessionId],
    queryFn: () => call(audiobookApi.audiobookStatus, { params: { service_session_id: sessionId } }, { quiet: true }),
    refetchInterval: (query) => (['queued', 'running'].includes(query.state.data?.state ?? '') ? POLL_MS : false),
    retry: false,
  });

  if (status.isPending) return <Loader />;
  if (status.isError) {
    const none = status.error instanceof ApiError && status.error.status === 404;
    return (
      <Screen title={t('page.title')} width="narrow" lead={none ? t('page.none') : status.error.message}>
        <Link to={paths.questions(lng, sessionId)}>{t('back_to_book')}</Link>
      </Screen>
    );
  }
  return <AudiobookView status={status.data} sessionId={sessionId} onRetry={() => void status.refetch()} />;
}

function AudiobookView({ status, sessionId, onRetry }: { status: AudiobookStatus; sessionId: number; onRetry: () => void }) {
  const { t } = useTranslation('audiobook');
  const lng = languageOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const retry = async () => {
    await call(audiobookApi.generateAudiobook, { body: { service_session_id: sessionId } });
    onRetry();
  };
  // once made, edits to the book are offered read again at the price of the changed chapters only
  const changes = useQuery({
    queryKey: ['audiobookQuota', sessionId],
    queryFn: () => call(audiobookApi.checkAudiobookQuota, { body: { service_session_id: sessionId } }, { quiet: true }),
    enabled: status.state === 'done',
    retry: false,
  });
  const changed = changes.data?.changed_chapters?.length && changes.data.price > 0 ? changes.data : null;
  return (
    <Screen title={status.title || t('page.title')} width="narrow" lead={t(`page.state_${status.state}`)}>
      <div className={styles.book}>
        {status.cover_url ? <img className={styles.cover} src={status.cover_url} alt={t('page.cover_alt')} /> : null}
        <p className={styles.voiceNote}>{t(status.voice === 'cloned' ? 'voice.cloned_note' : 'voice.offline_note')}</p>
      </div>
      {status.state !== 'done' ? <ProgressBar value={status.progress} label={t('page.progress')} className={styles.progress} /> : null}
      {changed ? (
        <div className={styles.voiceNote} data-testid="audiobook-regenerate">
          <p>{t('page.changed', { count: changed.changed_chapters!.length, price: formatPrice(changed.price, lng) })}</p>
          <Button
            variant="secondary"
            onClick={() => navigate(paths.audiobookPayment(lng), { state: { service_session_id: sessionId, price: changed.price } })}
          >
            {t('page.regenerate')}
          </Button>
        </div>
      ) : null}
      {status.state === 'failed' && status.error_message ? (
        <p className={styles.voiceNote} role="alert">
          {status.error_message}
        </p>
      ) : null}
      {status.state === 'failed' || status.state === 'paid' ? (
        <Button onClick={() => void retry()}>{t(status.state === 'failed' ? 'page.retry' : 'page.start')}</Button>
      ) : null}
      {status.book_url ? (
        <section className={styles.whole} aria-label={t('page.whole_book')}>
          <h2>{t('page.whole_book')}</h2>
          <audio controls preload="metadata" src={status.book_url} className={styles.player} />
          <p className={styles.downloads}>
            <a href={status.book_url} download>
              {t('page.download_book')}
            </a>
            {status.zip_url ? (
              <a href={status.zip_url} download>
                {t('page.download_zip')}
              </a>
            ) : null}
          </p>
        </section>
      ) : null}
      {status.files.length ? (
        <ol className={styles.chapters} aria-label={t('page.chapters')}>
          {status.files.map((file) => (
            <li key={file.chapter} className={styles.chapter}>
              <span className={styles.chapterTitle}>
                {file.title} <span className={styles.duration}>{minutes(file.duration_ms)}</span>
              </span>
              <audio controls preload="none" src={file.url} className={styles.player} />
              <a href={file.url} download>
                {t('page.download_chapter')}
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      <Link to={paths.questions(lng, sessionId)}>{t('back_to_book')}</Link>
    </Screen>
  );
}
