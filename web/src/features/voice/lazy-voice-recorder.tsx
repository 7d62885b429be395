import { lazy, Suspense, type ComponentType } from 'react';
import { RecorderPending } from './recorder-pending';
import type { VoiceRecorderProps } from './voice-recorder';

// the recorder's code (its states, the level meter, the upload) is downloaded after the page's, not with it
const VoiceRecorder = lazy<ComponentType<VoiceRecorderProps>>(() =>
  import('./voice-recorder').then(
    (module) => ({ default: module.VoiceRecorder }),
    () => ({ default: () => null }),
  ),
);

/** The question card's microphone, its code downloaded after the page's: until then, its own "loading" state. */
export function LazyVoiceRecorder(props: VoiceRecorderProps) {
  return (
    <Suspense fallback={<RecorderPending />}>
      <VoiceRecorder {...props} />
    </Suspense>
  );
}
