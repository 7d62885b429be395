import { useMutation } from '@tanstack/react-query';
import { normalizeLanguage } from '@common/languages';
import { speechApi } from '@common/api/speech';
import { ApiError, call } from '../../../lib/api';

export interface TranscribeInput {
  blob: Blob;
  fileName: string;
  sessionId?: number;
  /** Language spoken in the recording (the book's); else the request's `lng` header. */
  lng?: string;
}

/** A recording as a named file: the server reads the container from its name and bytes. */
export const recordingFile = (blob: Blob, fileName: string): File => new File([blob], fileName, { type: blob.type });

/** POST /api/getGoogleSpeechToText: multipart `audio` (+ service_session_id, language) → the transcript. */
export async function transcribeAudio({ blob, fileName, sessionId, lng }: TranscribeInput): Promise<string> {
  const result = await call(
    speechApi.getGoogleSpeechToText,
    {
      fields: { service_session_id: sessionId, language: lng ? normalizeLanguage(lng) : undefined },
      files: { audio: recordingFile(blob, fileName) },
    },
    { quiet: true },
  );
  return result.transcript;
}

/** The server's translated message of a failed upload, when there is one. */
export function uploadErrorMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status !== null ? error.message : undefined;
}

export function useTranscribeAudio() {
  return useMutation({ mutationFn: transcribeAudio });
}
