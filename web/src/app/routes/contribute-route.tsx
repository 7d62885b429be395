import type { ComponentProps } from 'react';
import { transcribeAsRelative } from '../../features/family/api/contributor-calls';
import type { RelativeDictation } from '../../features/family/components/contribution-form';
import { ContributePage } from '../../features/family/pages/contribute-page';
import { VoiceRecorder } from '../../features/voice/voice-recorder';

/** The author's recorder for a relative: the same recording and provider, sent through their link. */
function RelativeVoice({ value, onChange, token, lng }: ComponentProps<RelativeDictation>) {
  return <VoiceRecorder value={value} onChange={onChange} lng={lng} transcribe={(recording) => transcribeAsRelative(token, recording)} />;
}

/** A relative's page (issue 19) with what it shows from the voice feature. */
export function ContributeRoute() {
  return <ContributePage Dictation={RelativeVoice} />;
}
