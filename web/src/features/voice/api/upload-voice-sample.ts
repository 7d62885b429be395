import type { VoiceSampleStatus } from '@common/schemas/speech';
import { getSuccess, postSuccess } from '../../../lib/api';

export interface VoiceSampleUpload {
  sessionId: number;
  blob: Blob;
  /** The Recording's name (8 alphanumerics + timestamp + extension). */
  fileName: string;
}

/** The multipart body of uploadVoiceSample: `voice_sample` (the recording) + `service_session_id`. */
export function voiceSampleForm({ sessionId, blob, fileName }: VoiceSampleUpload): FormData {
  const form = new FormData();
  form.append('service_session_id', String(sessionId));
  form.append('voice_sample', blob, fileName);
  return form;
}

/** POST /api/uploadVoiceSample (signed-in authors only) → the spec's success flag. */
export async function uploadVoiceSample(upload: VoiceSampleUpload): Promise<boolean> {
  return postSuccess<boolean>('/uploadVoiceSample', voiceSampleForm(upload), { quiet: true });
}

/** GET /api/voiceSample/:id: whether the book has a voice sample, and how long it lasts. */
export function getVoiceSample(sessionId: number): Promise<VoiceSampleStatus> {
  return getSuccess<VoiceSampleStatus>(`/voiceSample/${sessionId}`, { quiet: true });
}
