import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import type { Session } from '@common/schemas/session';

/**
 * Preview and download come from the preview feature (another engineer's work). They are picked up
 * when their files exist, so the workspace builds with or without them.
 */
interface PreviewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  session: Session;
  images: Record<string, string>;
}
type DownloadHook = () => { download: (sessionId: number) => Promise<void>; isPending: boolean };

const previewModules = import.meta.glob<{ BookPreviewDialog: ComponentType<PreviewProps> }>('../../preview/book-preview-dialog.tsx');
const downloadModules = import.meta.glob<{ useDownloadBook: DownloadHook }>('../../preview/use-download-book.ts', { eager: true });

const loadPreview = Object.values(previewModules)[0];
const LazyPreview = loadPreview ? lazy(async () => ({ default: (await loadPreview()).BookPreviewDialog })) : null;

export const hasPreview = LazyPreview !== null;

export function BookPreview(props: PreviewProps) {
  if (!LazyPreview || !props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyPreview {...props} />
    </Suspense>
  );
}

function useMissingDownload(): ReturnType<DownloadHook> {
  const [isPending] = useState(false);
  const download = useCallback(async () => {
    throw new Error('download not available');
  }, []);
  return { download, isPending };
}

export const useDownloadBook: DownloadHook = Object.values(downloadModules)[0]?.useDownloadBook ?? useMissingDownload;
export const hasDownload = Object.values(downloadModules).length > 0;
