import { inspectAudio } from '../../src/speech/audio-format';
import { listenStandIn, readBody, send as sendJson } from './http';

/**
 * A local stand-in for Google Cloud Speech-to-Text v1: `POST /v1/speech:recognize`,
 * `POST /v1/speech:longrunningrecognize`, `GET /v1/operations/{name}`, `?key=` authentication,
 * Google's error body `{error:{code,message,status}}`, the one-minute limit of synchronous
 * requests, operations that finish on a later poll, and slow or failing answers.
 */
export type GoogleSttMode = 'ok' | 'slow' | 'server_error' | 'unavailable' | 'quota' | 'operation_error' | 'no_speech' | 'never_done';

export interface GoogleSttRequest {
  method: string;
  path: string;
  key: string | null;
  config: Record<string, unknown> | null;
  audioBytes: number;
}

export interface GoogleSttStandIn {
  /** Base URL to configure as GOOGLE_STT_URL. */
  url: string;
  port: number;
  requests: GoogleSttRequest[];
  mode: GoogleSttMode;
  delayMs: number;
  /** Polls an operation needs before it is done. */
  pollsUntilDone: number;
  close(): Promise<void>;
}

export const GOOGLE_TRANSCRIPTS: Record<string, string[]> = {
  'en-US': ['I was born in a small village', 'by the sea.'],
  'fr-FR': ['Je suis né dans un petit village', 'au bord de la mer.'],
  'es-ES': ['Nací en un pequeño pueblo', 'junto al mar.'],
  'it-IT': ['Sono nato in un piccolo paese', 'vicino al mare.'],
};

const ENCODINGS = [
  'ENCODING_UNSPECIFIED',
  'LINEAR16',
  'FLAC',
  'MULAW',
  'AMR',
  'AMR_WB',
  'OGG_OPUS',
  'SPEEX_WITH_HEADER_BYTE',
  'MP3',
  'WEBM_OPUS',
];
const OPUS_RATES = [8000, 12000, 16000, 24000, 48000];
const CONTAINER_OF: Record<string, string> = { WEBM_OPUS: 'webm', OGG_OPUS: 'ogg', LINEAR16: 'wav', MP3: 'mp3' };

function googleError(code: number, status: string, message: string) {
  return { error: { code, message, status } };
}

export async function startGoogleSttStandIn({
  port = 0,
  apiKey = 'test-google-key',
}: { port?: number; apiKey?: string } = {}): Promise<GoogleSttStandIn> {
  const state: GoogleSttStandIn = {
    url: '',
    port: 0,
    requests: [],
    mode: 'ok',
    delayMs: 5_000,
    pollsUntilDone: 1,
    close: async () => undefined,
  };
  const operations = new Map<string, { polls: number; results: unknown[] }>();
  let nextOperation = 7_160_000_000;

  const standIn = await listenStandIn(async (req, res) => {
    const send = (status: number, body: unknown) => sendJson(res, status, body, { 'content-type': 'application/json; charset=UTF-8' });
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = url.searchParams.get('key');
    const record: GoogleSttRequest = { method: req.method ?? '', path: url.pathname, key, config: null, audioBytes: 0 };
    state.requests.push(record);

    if (!key && !req.headers.authorization)
      return send(403, googleError(403, 'PERMISSION_DENIED', 'The request is missing a valid API key.'));
    if (key !== apiKey)
      return send(400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
        },
      });

    if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.mode === 'server_error') return send(500, googleError(500, 'INTERNAL', 'Internal error encountered.'));
    if (state.mode === 'unavailable') return send(503, googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.'));
    if (state.mode === 'quota')
      return send(
        429,
        googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'."),
      );

    const operationMatch = /^\/v1\/operations\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && operationMatch) {
      const name = decodeURIComponent(operationMatch[1]);
      const operation = operations.get(name);
      if (!operation) return send(404, googleError(404, 'NOT_FOUND', `Operation not found: ${name}`));
      operation.polls += 1;
      const metadata = {
        '@type': 'type.googleapis.com/google.cloud.speech.v1.LongRunningRecognizeMetadata',
        progressPercent: 50,
        startTime: new Date().toISOString(),
        lastUpdateTime: new Date().toISOString(),
      };
      if (state.mode === 'never_done' || operation.polls < state.pollsUntilDone) return send(200, { name, metadata });
      if (state.mode === 'operation_error')
        return send(200, {
          name,
          metadata: { ...metadata, progressPercent: 100 },
          done: true,
          error: { code: 3, message: 'Invalid audio: could not decode the audio content.' },
        });
      return send(200, {
        name,
        metadata: { ...metadata, progressPercent: 100 },
        done: true,
        response: {
          '@type': 'type.googleapis.com/google.cloud.speech.v1.LongRunningRecognizeResponse',
          results: operation.results,
          totalBilledTime: '75s',
        },
      });
    }

    const sync = url.pathname === '/v1/speech:recognize';
    const long = url.pathname === '/v1/speech:longrunningrecognize';
    if (req.method !== 'POST' || (!sync && !long))
      return send(404, googleError(404, 'NOT_FOUND', `Method not found: ${req.method} ${url.pathname}`));

    let body: { config?: Record<string, unknown>; audio?: { content?: string; uri?: string } };
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return send(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
    }
    const config = body.config ?? null;
    record.config = config;
    const content = body.audio?.content ? Buffer.from(body.audio.content, 'base64') : null;
    record.audioBytes = content?.length ?? 0;
    if (!config) return send(400, googleError(400, 'INVALID_ARGUMENT', "Invalid recognition 'config': missing config."));
    const languageCode = String(config.languageCode ?? '');
    if (!/^[a-z]{2,3}(-[A-Z]{2})?$/.test(languageCode))
      return send(400, googleError(400, 'INVALID_ARGUMENT', "Invalid recognition 'config': bad language code."));
    const encoding = String(config.encoding ?? 'ENCODING_UNSPECIFIED');
    if (!ENCODINGS.includes(encoding))
      return send(
        400,
        googleError(
          400,
          'INVALID_ARGUMENT',
          `Invalid value at 'config.encoding' (type.googleapis.com/google.cloud.speech.v1.RecognitionConfig.AudioEncoding), "${encoding}"`,
        ),
      );
    if ((encoding === 'WEBM_OPUS' || encoding === 'OGG_OPUS') && !OPUS_RATES.includes(Number(config.sampleRateHertz))) {
      return send(
        400,
        googleError(
          400,
          'INVALID_ARGUMENT',
          "Invalid recognition 'config': opus sample rate must be one of 8000, 12000, 16000, 24000 or 48000.",
        ),
      );
    }
    if (!content || content.length === 0) return send(400, googleError(400, 'INVALID_ARGUMENT', 'RecognitionAudio not set.'));
    if (content.length > 10 * 1024 * 1024)
      return send(400, googleError(400, 'INVALID_ARGUMENT', 'Request payload size exceeds the limit: 10485760 bytes.'));
    let info: ReturnType<typeof inspectAudio>;
    try {
      info = inspectAudio(content);
    } catch {
      info = null;
    }
    if (!info || (CONTAINER_OF[encoding] && CONTAINER_OF[encoding] !== info.format)) {
      return send(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid audio content: the audio does not match the configured encoding.'));
    }
    if (sync && (info.durationSeconds ?? 0) > 60) {
      return send(
        400,
        googleError(
          400,
          'INVALID_ARGUMENT',
          "Sync input too long. For audio longer than 1 min use LongRunningRecognize with a 'uri' parameter.",
        ),
      );
    }
    const phrases = state.mode === 'no_speech' ? [] : (GOOGLE_TRANSCRIPTS[languageCode] ?? GOOGLE_TRANSCRIPTS['en-US']);
    const results = phrases.map((transcript, i) => ({
      alternatives: [{ transcript: i === 0 ? transcript : ` ${transcript}`, confidence: 0.92 }],
      resultEndTime: `${(i + 1) * 2.5}s`,
      languageCode: languageCode.toLowerCase(),
    }));
    if (sync)
      return send(
        200,
        state.mode === 'no_speech' ? { totalBilledTime: '5s', requestId: '1' } : { results, totalBilledTime: '5s', requestId: '1' },
      );
    nextOperation += 1;
    const name = String(nextOperation);
    operations.set(name, { polls: 0, results });
    return send(200, { name });
  }, port);
  state.port = standIn.port;
  state.url = standIn.origin;
  state.close = standIn.close;
  return state;
}
