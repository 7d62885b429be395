import { randomBytes } from 'node:crypto';
import { listenStandIn, readBody, send } from './http';
import { readForm, toneMp3 } from './voice-audio';

/**
 * A local stand-in for ElevenLabs (service-contracts section 2) on 127.0.0.1: `xi-api-key`,
 * `POST /v1/voices/add` (multipart name + files → {voice_id, requires_verification}, FastAPI 422
 * detail lists), `POST /v1/text-to-speech/{voice_id}?output_format=…` (JSON, the per-model
 * character limits, previous_request_ids checked: at most 3, each one it issued), `DELETE
 * /v1/voices/{voice_id}`, and the errors `{detail:{status,message}}`: invalid_api_key,
 * quota_exceeded, voice_not_found, max_character_limit_exceeded, 429 too_many_concurrent_requests.
 */
export type ElevenLabsMode = 'ok' | 'quota_exceeded' | 'busy';

export interface ElevenLabsSpeechRequest {
  voiceId: string;
  outputFormat: string | null;
  text: string;
  modelId: string;
  previousRequestIds: string[];
  previousText: string | null;
  nextText: string | null;
  requestId: string;
}

export interface ElevenLabsStandIn {
  url: string;
  apiKey: string;
  mode: ElevenLabsMode;
  /** Voices it holds: id → name and the bytes of each sample file. */
  voices: Map<string, { name: string; files: number[] }>;
  clones: { name: string; files: { name: string; type: string; size: number }[]; labels: string | null }[];
  speech: ElevenLabsSpeechRequest[];
  deleted: string[];
  close(): Promise<void>;
}

const LIMITS: Record<string, number> = {
  eleven_multilingual_v2: 10_000,
  eleven_flash_v2_5: 40_000,
  eleven_turbo_v2_5: 40_000,
  eleven_v3: 5_000,
};

export async function startElevenLabsStandIn({ apiKey = 'xi-test-key' }: { apiKey?: string } = {}): Promise<ElevenLabsStandIn> {
  const audio = await toneMp3(0.3);
  const issued = new Set<string>();
  const state: ElevenLabsStandIn = {
    url: '',
    apiKey,
    mode: 'ok',
    voices: new Map(),
    clones: [],
    speech: [],
    deleted: [],
    close: async () => undefined,
  };
  const error = (status: string, message: string) => ({ detail: { status, message } });

  const standIn = await listenStandIn(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.headers['xi-api-key'] !== state.apiKey) return send(res, 401, error('invalid_api_key', 'Invalid API key'));

    if (req.method === 'POST' && url.pathname === '/v1/voices/add') {
      const form = await readForm(raw, req.headers['content-type']);
      if (!form) return send(res, 400, { detail: 'There was an error parsing the body' });
      const name = form.get('name');
      const files = form.getAll('files').filter((f): f is File => f instanceof File);
      const missing = [
        ...(typeof name === 'string' && name ? [] : [{ loc: ['body', 'name'], msg: 'field required', type: 'value_error.missing' }]),
        ...(files.length ? [] : [{ loc: ['body', 'files'], msg: 'field required', type: 'value_error.missing' }]),
      ];
      if (missing.length) return send(res, 422, { detail: missing });
      if (state.mode === 'quota_exceeded') return send(res, 401, error('quota_exceeded', 'This request exceeds your quota.'));
      const labels = form.get('labels');
      state.clones.push({
        name: name as string,
        files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })),
        labels: typeof labels === 'string' ? labels : null,
      });
      const voiceId = randomBytes(10).toString('base64url');
      state.voices.set(voiceId, { name: name as string, files: files.map((f) => f.size) });
      return send(res, 200, { voice_id: voiceId, requires_verification: false });
    }

    const voice = /^\/v1\/voices\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && voice) {
      const id = decodeURIComponent(voice[1]);
      if (!state.voices.delete(id)) return send(res, 400, error('voice_not_found', `A voice with the voice_id ${id} was not found.`));
      state.deleted.push(id);
      return send(res, 200, { status: 'ok' });
    }

    const speech = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && speech) {
      const id = decodeURIComponent(speech[1]);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(res, 400, { detail: 'There was an error parsing the body' });
      }
      if (typeof body.text !== 'string')
        return send(res, 422, { detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }] });
      const model = typeof body.model_id === 'string' ? body.model_id : 'eleven_multilingual_v2';
      if (!state.voices.has(id)) return send(res, 400, error('voice_not_found', `A voice with the voice_id ${id} was not found.`));
      if (state.mode === 'busy') return send(res, 429, error('too_many_concurrent_requests', 'Too many concurrent requests.'));
      if (state.mode === 'quota_exceeded')
        return send(
          res,
          401,
          error(
            'quota_exceeded',
            `This request exceeds your quota. You have 12 credits remaining, while ${body.text.length} credits are required for this request.`,
          ),
        );
      const limit = LIMITS[model] ?? 5_000;
      if (body.text.length > limit)
        return send(
          res,
          400,
          error('max_character_limit_exceeded', `Text is too long: ${body.text.length} characters, the limit is ${limit}.`),
        );
      const previous = Array.isArray(body.previous_request_ids) ? (body.previous_request_ids as unknown[]) : [];
      if (previous.length > 0 && model === 'eleven_v3')
        return send(res, 400, error('invalid_request', 'Request stitching is not available with eleven_v3.'));
      if (previous.length > 3 || previous.some((p) => typeof p !== 'string' || !issued.has(p)))
        return send(res, 400, error('invalid_previous_request_ids', 'previous_request_ids: at most 3 ids of earlier requests.'));
      const requestId = randomBytes(12).toString('hex');
      issued.add(requestId);
      state.speech.push({
        voiceId: id,
        outputFormat: url.searchParams.get('output_format'),
        text: body.text,
        modelId: model,
        previousRequestIds: previous as string[],
        previousText: typeof body.previous_text === 'string' ? body.previous_text : null,
        nextText: typeof body.next_text === 'string' ? body.next_text : null,
        requestId,
      });
      return send(res, 200, audio, { 'content-type': 'audio/mpeg', 'request-id': requestId, 'character-cost': String(body.text.length) });
    }
    return send(res, 404, { detail: 'Not Found' });
  });
  state.url = standIn.origin;
  state.close = standIn.close;
  return state;
}
