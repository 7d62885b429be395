import { lazy, Suspense, type ComponentType } from 'react';
import type { Session } from '@common/schemas/session';

/**
 * The preview comes from the preview feature (another engineer's work). It is picked up when its
 * files exist, so the workspace builds with or without it.
 */
interface PreviewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  session: Session;
  images: Record<string, string>;
}

const previewModules = import.meta.glob<{ BookPreviewDialog: ComponentType<PreviewProps> }>('../../preview/book-preview-dialog.tsx');

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
