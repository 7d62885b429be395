import { voiceSampleApi } from '@common/api/speech';
import { call } from '../../../lib/api';
import { recordingFile } from './transcribe-audio';

export interface VoiceSampleUpload {
  sessionId: number;
  blob: Blob;
  /** The Recording's name (8 alphanumerics + timestamp + extension). */
  fileName: string;
}

/** POST /api/uploadVoiceSample (signed-in authors only): `voice_sample` (the recording) + `service_session_id`. */
export async function uploadVoiceSample({ sessionId, blob, fileName }: VoiceSampleUpload): Promise<boolean> {
  return call(
    voiceSampleApi.uploadVoiceSample,
    { fields: { service_session_id: sessionId }, files: { voice_sample: recordingFile(blob, fileName) } },
    { quiet: true },
  );
}
