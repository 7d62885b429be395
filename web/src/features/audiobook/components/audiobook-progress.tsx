import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { audiobookApi } from '@common/api/audiobook';
import type { Language } from '@common/constants';
import { ProgressBar } from '../../../components/progress-bar';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { usePageShown } from '../../../lib/page-shown';
import styles from '../pages/audiobook.module.css';

const POLL_MS = 2_000;

/**
 * The workspace's line about the book's audiobook: a progress bar while it is made, a link once it
 * is ready. It asks the server (audiobookStatus), so it is there again after a reload or a closed
 * tab; a book without an audiobook shows nothing.
 */
export function AudiobookProgress({ sessionId, lng }: { sessionId: number; lng: Language }) {
  const { t } = useTranslation('audiobook');
  // asked for once the workspace's title is on screen (lib/page-shown.ts)
  const pageShown = usePageShown();
  const status = useQuery({
    queryKey: ['audiobookStatus', sessionId],
    queryFn: () => call(audiobookApi.audiobookStatus, { params: { service_session_id: sessionId } }, { quiet: true }),
    refetchInterval: (query) => (['queued', 'running'].includes(query.state.data?.state ?? '') ? POLL_MS : false),
    retry: false,
    enabled: pageShown,
  });
  if (!status.data || status.data.state === 'paid') return null;
  const { state, progress } = status.data;
  const making = state === 'queued' || state === 'running';
  const label = {
    queued: t('workspace.queued'),
    running: t('workspace.running'),
    done: t('workspace.done'),
    failed: t('workspace.failed'),
  }[state];
  return (
    <div className={styles.workspaceLine} data-testid="workspace-audiobook" data-state={state}>
      {making ? <ProgressBar value={progress} label={t('page.progress')} className={styles.progress} /> : null}
      <Link to={paths.audiobook(lng, sessionId)}>{label}</Link>
    </div>
  );
}
