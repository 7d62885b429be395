import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionContributions } from '../../features/family/components/question-contributions';
import { AudiobookProgress } from '../../features/audiobook/components/audiobook-progress';
import { WorkspacePage } from '../../features/workspace/pages/workspace-page';
import type { WorkspaceSlots } from '../../features/workspace/components/workspace-slots';
import { VoiceRecorder } from '../../features/voice/voice-recorder';
import { VoiceSampleDialog } from '../../features/voice/voice-sample-dialog';

// the preview (its own chunk) loads when first opened
const BookPreviewDialog = lazy(async () => ({ default: (await import('../../features/preview/book-preview-dialog')).BookPreviewDialog }));

function BookPreview(props: ComponentProps<WorkspaceSlots['BookPreview']>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <BookPreviewDialog {...props} />
    </Suspense>
  );
}

const slots: WorkspaceSlots = { AnswerDictation: VoiceRecorder, VoiceSampleDialog, AudiobookProgress, BookPreview, QuestionContributions };

/**
 * The texts of the workspace and of every part it shows, asked for together: one wait before the page
 * shows, instead of one more wait (and one more render of the whole workspace) each time a part first
 * renders and finds its namespace missing.
 */
const WORKSPACE_NAMESPACES = ['workspace', 'voice', 'audiobook', 'family', 'preview', 'payments'];

/** The book workspace with what it shows from the voice, preview, audiobook and family features. */
export function WorkspaceRoute() {
  useTranslation(WORKSPACE_NAMESPACES);
  return <WorkspacePage slots={slots} />;
}
