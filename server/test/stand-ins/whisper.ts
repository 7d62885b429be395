import { listenStandIn, readBody, send as sendBody } from './http';

/**
 * A local stand-in for an OpenAI-compatible speech-to-text server (`POST /v1/audio/transcriptions`,
 * as spoken by OpenAI, whisper.cpp server, speaches, LocalAI, vLLM): multipart `file` + `model` +
 * `language` + `response_format`, the vendors' error bodies `{error:{message,type,param,code}}`,
 * LocalAI's verbose_json default when no response_format is sent, and slow or failing answers.
 */
export type WhisperMode = 'ok' | 'slow' | 'server_error' | 'rate_limited' | 'reject_audio' | 'garbage' | 'hang_up';

export interface WhisperRequest {
  path: string;
  authorization: string | undefined;
  model: string | null;
  language: string | null;
  responseFormat: string | null;
  fileName: string | null;
  fileType: string | null;
  fileSize: number;
}

export interface WhisperStandIn {
  /** Base URL to configure as STT_BASE_URL (ends with /v1). */
  url: string;
  port: number;
  requests: WhisperRequest[];
  mode: WhisperMode;
  /** Delay of the 'slow' mode. */
  delayMs: number;
  /** Override of the text heard (else a sentence in the requested language). */
  transcript: string | null;
  close(): Promise<void>;
}

export const WHISPER_TRANSCRIPTS: Record<string, string> = {
  en: 'I was born in a small village by the sea.',
  fr: 'Je suis né dans un petit village au bord de la mer.',
  es: 'Nací en un pequeño pueblo junto al mar.',
  it: 'Sono nato in un piccolo paese vicino al mare.',
};

const FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];

function openAiError(message: string, type: string, param: string | null = null, code: string | null = null) {
  return { error: { message, type, param, code } };
}

export async function startWhisperStandIn({ port = 0, apiKey }: { port?: number; apiKey?: string } = {}): Promise<WhisperStandIn> {
  const state: WhisperStandIn = {
    url: '',
    port: 0,
    requests: [],
    mode: 'ok',
    delayMs: 5_000,
    transcript: null,
    close: async () => undefined,
  };

  const standIn = await listenStandIn(async (req, res) => {
    const send = (status: number, body: unknown, type = 'application/json') => sendBody(res, status, body, { 'content-type': type });
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'POST' || url.pathname !== '/v1/audio/transcriptions') {
      return send(404, openAiError(`Invalid URL (${req.method} ${url.pathname})`, 'invalid_request_error'));
    }
    if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
      return send(
        401,
        openAiError(
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          null,
          'invalid_api_key',
        ),
      );
    }
    let form: FormData;
    try {
      form = await new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: raw,
      }).formData();
    } catch {
      return send(400, openAiError('Could not parse multipart form', 'invalid_request_error'));
    }
    const file = form.get('file');
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    const record: WhisperRequest = {
      path: url.pathname,
      authorization: req.headers.authorization,
      model: text('model'),
      language: text('language'),
      responseFormat: text('response_format'),
      fileName: file instanceof File ? file.name : null,
      fileType: file instanceof File ? file.type : null,
      fileSize: file instanceof File ? file.size : 0,
    };
    state.requests.push(record);

    if (!(file instanceof File))
      return send(
        400,
        openAiError('1 validation error for Request\nbody -> file\n  field required (type=value_error.missing)', 'invalid_request_error'),
      );
    if (!record.model) return send(400, openAiError('you must provide a model parameter', 'invalid_request_error'));
    const extension = (record.fileName ?? '').split('.').pop()?.toLowerCase() ?? '';
    if (!FORMATS.includes(extension)) {
      return send(400, openAiError(`Invalid file format. Supported formats: ${JSON.stringify(FORMATS)}`, 'invalid_request_error'));
    }
    if (record.language !== null && !/^[a-z]{2}$/.test(record.language)) {
      return send(
        400,
        openAiError(
          `Invalid language '${record.language}'. Language parameter must be specified in ISO-639-1 format.`,
          'invalid_request_error',
          'language',
          'invalid_language_format',
        ),
      );
    }

    switch (state.mode) {
      case 'server_error':
        return send(500, openAiError('The server had an error while processing your request. Sorry about that!', 'server_error'));
      case 'rate_limited':
        return send(429, openAiError('Rate limit reached for requests. Please try again in 20s.', 'requests', null, 'rate_limit_exceeded'));
      case 'reject_audio':
        return send(400, openAiError('Audio file might be corrupted or unsupported', 'invalid_request_error', 'file', 'invalid_value'));
      case 'garbage':
        return send(200, '<html><body>502 Bad Gateway</body></html>', 'text/html');
      case 'hang_up':
        req.socket.destroy();
        return undefined;
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        break;
      default:
        break;
    }
    const heard = state.transcript ?? WHISPER_TRANSCRIPTS[record.language ?? 'en'] ?? WHISPER_TRANSCRIPTS.en;
    const format = record.responseFormat ?? 'verbose_json'; // LocalAI's default; OpenAI's is json
    if (format === 'text') return send(200, `${heard}\n`, 'text/plain');
    if (format === 'json') return send(200, { text: heard });
    return send(200, {
      task: 'transcribe',
      language: record.language ?? 'en',
      duration: 3.2,
      text: heard,
      segments: [{ id: 0, start: 0, end: 3.2, text: heard }],
    });
  }, port);
  state.port = standIn.port;
  state.url = `${standIn.origin}/v1`;
  state.close = standIn.close;
  return state;
}
