import { listenStandIn, readBody, send } from './http';
import { readForm, toneMp3 } from './voice-audio';

/**
 * A local stand-in for an OpenAI-style speech server with a voice library, as chatterbox-tts-api
 * speaks it (service-contracts section 6): `POST /v1/voices` multipart voice_name + voice_file +
 * language, `DELETE /v1/voices/{name}`, `POST /v1/audio/speech {input ≤ 3000, model, voice, …}` →
 * audio; errors `{error:{message,type}}` (voice_not_found_error, voice_exists_error,
 * invalid_request_error) and an optional Bearer key.
 */
export interface SpeechServerStandIn {
  url: string;
  voices: Map<string, { language: string | null; size: number; fileName: string }>;
  speech: { input: string; voice: string; model: string | null; format: string | null }[];
  deleted: string[];
  close(): Promise<void>;
}

const NAME = /^[A-Za-z0-9_-]+$/;

export async function startSpeechServerStandIn({ apiKey }: { apiKey?: string } = {}): Promise<SpeechServerStandIn> {
  const audio = await toneMp3(0.3, 24_000, 64);
  const state: SpeechServerStandIn = { url: '', voices: new Map(), speech: [], deleted: [], close: async () => undefined };
  const error = (message: string, type: string) => ({ error: { message, type } });
  const standIn = await listenStandIn(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, error('Invalid API key', 'authentication_error'));
    if (req.method === 'POST' && url.pathname === '/v1/voices') {
      const form = await readForm(raw, req.headers['content-type']);
      const name = form?.get('voice_name');
      const file = form?.get('voice_file');
      if (typeof name !== 'string' || !(file instanceof File))
        return send(res, 422, { detail: [{ loc: ['body', 'voice_file'], msg: 'Field required', type: 'missing' }] });
      if (!NAME.test(name)) return send(res, 400, error(`Invalid voice name: ${name}`, 'invalid_request_error'));
      const extension = file.name.split('.').pop()?.toLowerCase();
      if (!['mp3', 'wav', 'flac', 'm4a', 'ogg', 'webm'].includes(extension ?? ''))
        return send(
          res,
          400,
          error(`Unsupported audio format: .${extension}. Supported formats: .mp3, .wav, .flac, .m4a, .ogg`, 'invalid_request_error'),
        );
      if (state.voices.has(name)) return send(res, 409, error(`Voice '${name}' already exists`, 'voice_exists_error'));
      const language = form?.get('language');
      state.voices.set(name, { language: typeof language === 'string' ? language : null, size: file.size, fileName: file.name });
      return send(res, 201, {
        message: `Voice '${name}' uploaded successfully`,
        voice: { name, filename: `${name}.${extension}`, file_size: file.size },
      });
    }
    const voice = /^\/v1\/voices\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && voice) {
      const name = decodeURIComponent(voice[1]);
      if (!state.voices.delete(name)) return send(res, 404, error(`Voice '${name}' not found`, 'voice_not_found_error'));
      state.deleted.push(name);
      return send(res, 200, { message: `Voice '${name}' deleted successfully` });
    }
    if (req.method === 'POST' && url.pathname === '/v1/audio/speech') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(res, 422, { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
      }
      const input = body.input;
      const name = typeof body.voice === 'string' ? body.voice : 'alloy';
      if (typeof input !== 'string' || !input.trim()) return send(res, 400, error('Input text cannot be empty', 'invalid_request_error'));
      if (input.length > 3000)
        return send(res, 400, error('Input text too long. Maximum 3000 characters allowed.', 'invalid_request_error'));
      if (!state.voices.has(name))
        return send(
          res,
          404,
          error(`Voice '${name}' not found in voice library. Use /voices endpoint to list available voices.`, 'voice_not_found_error'),
        );
      state.speech.push({
        input,
        voice: name,
        model: typeof body.model === 'string' ? body.model : null,
        format: typeof body.response_format === 'string' ? body.response_format : null,
      });
      return send(res, 200, audio, { 'content-type': 'audio/mpeg' });
    }
    return send(res, 404, { detail: 'Not Found' });
  });
  state.url = standIn.origin;
  state.close = standIn.close;
  return state;
}
