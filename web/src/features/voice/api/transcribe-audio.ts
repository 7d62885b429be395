import { useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { Transcript } from '@common/schemas/speech';
import { postSuccess } from '../../../lib/api';
import { readTrialSession } from '../../../lib/trial-session';

export interface TranscribeInput {
  blob: Blob;
  fileName: string;
  sessionId?: number;
  /** Language spoken in the recording (the book's); else the request's `lng` header. */
  lng?: string;
}

/** The guest's proof of ownership, when the book is this browser's trial book. */
function guestTokenFor(sessionId: number | undefined): string | undefined {
  if (!sessionId) return undefined;
  try {
    const trial = readTrialSession();
    return trial && trial.id === sessionId ? trial.guest_token : undefined;
  } catch {
    return undefined;
  }
}

/** POST /api/getGoogleSpeechToText: multipart `audio` (+ service_session_id) → the transcript. */
export async function transcribeAudio({ blob, fileName, sessionId, lng }: TranscribeInput): Promise<string> {
  const form = new FormData();
  if (sessionId) form.append('service_session_id', String(sessionId));
  if (lng) form.append('language', lng);
  form.append('audio', blob, fileName);
  const headers: Record<string, string> = {};
  const guestToken = guestTokenFor(sessionId);
  if (guestToken) headers['X-Guest-Token'] = guestToken;
  const result = await postSuccess<Transcript>('/getGoogleSpeechToText', form, { quiet: true, headers });
  return result.transcript;
}

/** The server's translated message of a failed upload, when there is one. */
export function uploadErrorMessage(error: unknown): string | undefined {
  return (error as AxiosError<{ error?: string }>)?.response?.data?.error;
}

export function useTranscribeAudio() {
  return useMutation({ mutationFn: transcribeAudio });
}
