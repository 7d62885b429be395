import { randomBytes } from 'node:crypto';
import { measureVoice, tuneFor, type VoiceMeasure } from '@common/rules/voice-tune';
import type { VoiceData } from '@common/schemas/audiobook';
import type { Language } from '@common/constants';
import type { AppContext } from '../app';
import type { Config } from '../config';
import { sessionFileKey } from '../books/files';
import { deleteSessionFile, findSessionFile, type SessionRow } from '../books/repository';
import { AppError, badRequest, notFound } from '../http/errors';
import { VoiceProviderError, voiceFailureKey, type ClonedVoiceProvider, type VoiceFailure } from '../providers/voices/cloned';
import { clonedVoiceProvider } from '../providers/voices';
import { createElevenLabs } from '../providers/voices/elevenlabs';
import { createSpeechServer } from '../providers/voices/speech-server';
import { checkVoiceSample, VOICE_SAMPLE_KEY } from '../speech/voice-sample';

/**
 * Voice models (issue 13 item 2; docs/audiobook.md): what is made from the author's voice sample —
 * a voice cloned at the configured provider, else the offline voice's pitch and pace matched to
 * the sample. Samples and models are the author's personal data: listed on the profile, deletable,
 * and deleting a model deletes the cloned voice at its provider too.
 */
type VoiceConfig = Pick<
  Config,
  'ELEVENLABS_API_KEY' | 'ELEVENLABS_API_URL' | 'ELEVENLABS_MODEL' | 'TTS_BASE_URL' | 'TTS_API_KEY' | 'TTS_MODEL'
>;

const FAILURE_STATUS: Record<VoiceFailure, number> = {
  quota: 503,
  invalid_key: 503,
  voice_not_found: 409,
  rate_limited: 429,
  rejected: 422,
  failed: 502,
};

/** A voice service failure as the answer the author reads (errors-audiobook.json voice_*). */
export const voiceAppError = (error: VoiceProviderError) => new AppError(FAILURE_STATUS[error.kind], voiceFailureKey(error.kind));

/** The provider that holds a model's cloned voice (it may no longer be the one configured first). */
export function providerOfModel(config: VoiceConfig, provider: string): ClonedVoiceProvider | null {
  if (provider === 'elevenlabs' && config.ELEVENLABS_API_KEY)
    return createElevenLabs({ apiKey: config.ELEVENLABS_API_KEY, baseUrl: config.ELEVENLABS_API_URL, model: config.ELEVENLABS_MODEL });
  if (provider === 'speech-server' && config.TTS_BASE_URL)
    return createSpeechServer({ baseUrl: config.TTS_BASE_URL, apiKey: config.TTS_API_KEY, model: config.TTS_MODEL });
  return null;
}

/** 16-bit PCM WAV → the first channel as floats (null for anything else: the browser measures those). */
export function wavSamples(bytes: Buffer): { pcm: Float32Array; sampleRate: number } | null {
  if (bytes.length < 44 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 24 <= bytes.length) {
      channels = bytes.readUInt16LE(offset + 10);
      sampleRate = bytes.readUInt32LE(offset + 12);
      bits = bytes.readUInt16LE(offset + 22);
    } else if (id === 'data') {
      if (bits !== 16 || !channels || !sampleRate) return null;
      const end = Math.min(bytes.length, size === 0 || size === 0xffffffff ? bytes.length : offset + 8 + size);
      const frames = Math.floor((end - offset - 8) / (2 * channels));
      const pcm = new Float32Array(frames);
      for (let i = 0; i < frames; i += 1) pcm[i] = bytes.readInt16LE(offset + 8 + i * 2 * channels) / 32_768;
      return { pcm, sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** createVoiceModel: clones the book's sample at the configured provider, or matches the offline voice to it. */
export async function createVoiceModel(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config'>,
  row: SessionRow,
  userId: number,
  language: Language,
  browserMeasure: VoiceMeasure | undefined,
): Promise<{ voice_model_id: number; voice: 'offline' | 'cloned' }> {
  const file = await findSessionFile(ctx.db, row.id, VOICE_SAMPLE_KEY);
  const audio = file ? await ctx.storage.get(sessionFileKey(row.id, VOICE_SAMPLE_KEY)) : null;
  if (!file || !audio) throw badRequest('audiobook.no_sample');
  const info = checkVoiceSample(audio);
  const wav = info.format === 'wav' ? wavSamples(audio) : null;
  const tune = tuneFor(wav ? measureVoice(wav.pcm, wav.sampleRate) : (browserMeasure ?? null));
  const provider = clonedVoiceProvider(ctx.config);
  let providerVoiceId: string | null = null;
  if (provider) {
    try {
      providerVoiceId = await provider.clone({
        audio,
        fileName: `sample.${info.format === 'mp4' ? 'm4a' : info.format}`,
        mimeType: file.content_type,
        language,
        name: `plume-${row.id}-${randomBytes(4).toString('hex')}`,
      });
    } catch (error) {
      if (error instanceof VoiceProviderError) throw voiceAppError(error);
      throw error;
    }
  }
  const inserted = await ctx.db
    .insertInto('voice_models')
    .values({
      user_id: userId,
      service_session_id: row.id,
      provider: provider && providerVoiceId ? provider.name : 'offline',
      provider_voice_id: providerVoiceId,
      language,
      pitch: tune.pitch,
      speed: tune.speed,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { voice_model_id: Number(inserted.id), voice: providerVoiceId ? 'cloned' : 'offline' };
}

/** The newest voice model of a book (the one its audiobook is read with). */
export const newestVoiceModel = (ctx: Pick<AppContext, 'db'>, sessionId: number) =>
  ctx.db
    .selectFrom('voice_models')
    .selectAll()
    .where('service_session_id', '=', sessionId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The author's voice samples and models, for the profile. */
export async function myVoiceData(ctx: Pick<AppContext, 'db'>, userId: number): Promise<VoiceData> {
  const samples = await ctx.db
    .selectFrom('session_files')
    .innerJoin('service_sessions', 'service_sessions.id', 'session_files.session_id')
    .select(['session_files.session_id', 'service_sessions.book_name', 'session_files.size', 'session_files.updated_at'])
    .where('service_sessions.user_id', '=', userId)
    .where('session_files.key', '=', VOICE_SAMPLE_KEY)
    .orderBy('session_files.updated_at', 'desc')
    .execute();
  const models = await ctx.db
    .selectFrom('voice_models')
    .leftJoin('service_sessions', 'service_sessions.id', 'voice_models.service_session_id')
    .select([
      'voice_models.id',
      'voice_models.service_session_id',
      'service_sessions.book_name',
      'voice_models.provider',
      'voice_models.language',
      'voice_models.created_at',
    ])
    .where('voice_models.user_id', '=', userId)
    .orderBy('voice_models.id', 'desc')
    .execute();
  return {
    samples: samples.map((s) => ({
      service_session_id: s.session_id,
      book_name: s.book_name ?? '',
      bytes: s.size,
      updated_at: s.updated_at,
    })),
    models: models.map((m) => ({
      id: Number(m.id),
      service_session_id: m.service_session_id,
      book_name: m.book_name ?? null,
      voice: m.provider === 'offline' ? ('offline' as const) : ('cloned' as const),
      provider: m.provider,
      language: m.language,
      created_at: m.created_at,
    })),
  };
}

/** Deletes a model of the author's, after deleting its cloned voice at the provider (404 for anyone else's). */
export async function deleteVoiceModel(ctx: Pick<AppContext, 'db' | 'config'>, userId: number, id: number): Promise<void> {
  const model = await ctx.db.selectFrom('voice_models').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!model) throw notFound('audiobook.no_voice_model');
  if (model.provider_voice_id) {
    const provider = providerOfModel(ctx.config, model.provider);
    if (!provider) throw new AppError(503, 'audiobook.voice_provider_missing');
    try {
      await provider.remove(model.provider_voice_id);
    } catch (error) {
      if (error instanceof VoiceProviderError) throw voiceAppError(error);
      throw error;
    }
  }
  await ctx.db.updateTable('audiobooks').set({ voice_model_id: null }).where('voice_model_id', '=', id).execute();
  await ctx.db.deleteFrom('voice_models').where('id', '=', id).execute();
}

/** Deletes a book's voice sample (its models stay until deleted themselves). */
export async function deleteVoiceSample(ctx: Pick<AppContext, 'db' | 'storage'>, row: SessionRow): Promise<void> {
  await ctx.storage.delete(sessionFileKey(row.id, VOICE_SAMPLE_KEY));
  await deleteSessionFile(ctx.db, row.id, VOICE_SAMPLE_KEY);
}
