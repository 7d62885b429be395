import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionContributions } from '../../features/family/components/question-contributions';
import { AudiobookProgress } from '../../features/audiobook/components/audiobook-progress';
import { WorkspacePage } from '../../features/workspace/pages/workspace-page';
import type { WorkspaceSlots } from '../../features/workspace/components/workspace-slots';
import { LazyVoiceRecorder } from '../../features/voice/lazy-voice-recorder';
import { lazyDialog } from '../../lib/lazy-when';
import { WORKSPACE_NAMESPACES } from '@common/first-visit';

// the voice sample's dialog and the preview (their own chunks) load when first opened
const VoiceSampleDialog = lazyDialog(async () => (await import('../../features/voice/voice-sample-dialog')).VoiceSampleDialog);
const BookPreviewDialog = lazy(async () => ({ default: (await import('../../features/preview/book-preview-dialog')).BookPreviewDialog }));

function BookPreview(props: ComponentProps<WorkspaceSlots['BookPreview']>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <BookPreviewDialog {...props} />
    </Suspense>
  );
}

const slots: WorkspaceSlots = {
  AnswerDictation: LazyVoiceRecorder,
  VoiceSampleDialog,
  AudiobookProgress,
  BookPreview,
  QuestionContributions,
};

/** The book workspace with what it shows from the voice, preview, audiobook and family features. */
export function WorkspaceRoute() {
  useTranslation(WORKSPACE_NAMESPACES);
  return <WorkspacePage slots={slots} />;
}
