import { MAX_RECORDING_BYTES } from '@common/api/speech';
import { RECORDING_LIMIT_SECONDS, type Language } from '@common/constants';
import { AppError } from '../http/errors';
import { SpeechProviderError, type SpeechToText } from '../providers/speech';
import { CorruptAudioError, inspectAudio, MIME_TYPES } from './audio-format';

/** A little slack over the 120 s the recorder allows (its clock and the container's differ slightly). */
const MAX_RECORDING_SECONDS = RECORDING_LIMIT_SECONDS + 5;
/** Shorter than this holds no word. */
const MIN_RECORDING_SECONDS = 0.3;
/** Transcriptions per requester (user, guest book or address) and window. */
export const SPEECH_RATE_LIMIT = { max: 20, windowMs: 5 * 60_000 } as const;

export function maxRecordingBytes(uploadLimitBytes: number): number {
  return Math.min(uploadLimitBytes, MAX_RECORDING_BYTES);
}

/**
 * Checks a recording from its bytes (container, not corrupt, not too long) and has the configured
 * provider transcribe it in the given language. Every failure is an AppError with a `speech.*` code.
 */
export async function transcribeRecording(
  provider: SpeechToText,
  audio: Buffer,
  language: Language,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<string> {
  if (audio.length === 0) throw new AppError(400, 'speech.empty_audio');
  let info;
  try {
    info = inspectAudio(audio);
  } catch (error) {
    if (error instanceof CorruptAudioError) throw new AppError(400, 'speech.corrupt_audio');
    throw error;
  }
  if (!info) throw new AppError(415, 'speech.unsupported_audio');
  if (info.durationSeconds !== null) {
    if (info.durationSeconds > MAX_RECORDING_SECONDS) throw new AppError(413, 'speech.too_long', { max: RECORDING_LIMIT_SECONDS });
    if (info.durationSeconds < MIN_RECORDING_SECONDS) throw new AppError(400, 'speech.too_short');
  }
  try {
    return await provider.transcribe({
      audio,
      format: info.format,
      fileName: `recording.${info.format}`,
      mimeType: MIME_TYPES[info.format],
      language,
      durationSeconds: info.durationSeconds,
      sampleRateHertz: info.sampleRateHertz,
      codec: info.codec,
    });
  } catch (error) {
    if (!(error instanceof SpeechProviderError)) throw error;
    log?.warn(
      { provider: provider.name, kind: error.kind, upstreamStatus: error.upstreamStatus, detail: error.message },
      'speech-to-text failed',
    );
    switch (error.kind) {
      case 'timeout':
        throw new AppError(504, 'speech.provider_timeout');
      case 'busy':
        throw new AppError(503, 'speech.provider_busy');
      case 'rejected':
        throw new AppError(422, 'speech.audio_rejected');
      case 'unsupported':
        throw new AppError(415, 'speech.unsupported_by_provider');
      default:
        throw new AppError(502, 'speech.provider_failed');
    }
  }
}
