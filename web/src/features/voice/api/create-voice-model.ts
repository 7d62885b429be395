import { audiobookApi } from '@common/api/audiobook';
import { measureVoice, type VoiceMeasure } from '@common/rules/voice-tune';
import { call } from '../../../lib/api';

/** The recording's pitch and pace, measured in the browser (it decodes WebM/Opus; the server only reads WAV). Null when it cannot. */
export async function measureRecording(blob: Blob): Promise<VoiceMeasure | null> {
  try {
    const context = new AudioContext();
    try {
      const audio = await context.decodeAudioData(await blob.arrayBuffer());
      return measureVoice(audio.getChannelData(0), audio.sampleRate);
    } finally {
      void context.close();
    }
  } catch {
    return null;
  }
}

/** POST /api/createVoiceModel: the voice the audiobook is read with, made from the book's stored sample. */
export function createVoiceModel(sessionId: number, measure: VoiceMeasure | null) {
  return call(audiobookApi.createVoiceModel, { body: { service_session_id: sessionId, ...(measure && { measure }) } });
}
