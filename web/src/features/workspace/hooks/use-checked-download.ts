import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { workspaceApi } from '@common/api/workspace';
import { call } from '../../../lib/api';
import { useDownloadBook, type BookFormat } from '../../../lib/use-download-book';
import type { ConfirmOptions } from '../components/confirm-dialog';
import type { SyncEngine } from '../model/sync-engine';

/**
 * Downloading the book from the workspace: the last changes saved first, then a question when some
 * chapters are not submitted yet. A guest gets the plans instead.
 */
export function useCheckedDownload({
  engine,
  sessionId,
  isLoggedIn,
  confirm,
  openPlanModal,
}: {
  engine: SyncEngine;
  sessionId: number;
  isLoggedIn: boolean;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  openPlanModal: () => void;
}) {
  const { t } = useTranslation('workspace');
  const { download, isPending: downloading } = useDownloadBook();
  const [checking, setChecking] = useState(false);

  const choose = async (format: BookFormat) => {
    if (!isLoggedIn) {
      openPlanModal();
      return;
    }
    setChecking(true);
    try {
      await engine.save();
      const { all_chapters_submitted } = await call(workspaceApi.postCheckAllChaptersSubmitted, {
        body: { service_session_id: sessionId },
      });
      if (!all_chapters_submitted) {
        const yes = await confirm({ title: t('download.unsubmitted'), confirmLabel: t('download.yes'), cancelLabel: t('download.no') });
        if (!yes) return;
      }
      await download(sessionId, format);
    } catch {
      // failures are shown by the API client or logged by the download
    } finally {
      setChecking(false);
    }
  };

  return { choose, busy: downloading || checking };
}
