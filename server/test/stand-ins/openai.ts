import type http from 'node:http';
import { listenStandIn, readBody } from './http';

/**
 * A local stand-in for an OpenAI-compatible chat API on 127.0.0.1, speaking the real wire format:
 * `POST /v1/chat/completions` with `stream: true` answers `text/event-stream`, one
 * `data: {chat.completion.chunk}` event per piece, a final chunk with `finish_reason: "stop"`, then
 * (with `stream_options.include_usage`) a chunk with `choices: []` and `usage`, then `data: [DONE]`.
 * Errors are `{error: {message, type, param, code}}` with the HTTP status.
 *
 * Behaviours are queued per request (`enqueue`), else the default applies: the "model" writes back
 * the author's answers found in the prompt (lines starting `Answer: `), paragraph by paragraph, so
 * the output is in the book's language and traceable.
 */
export type StandInBehaviour =
  | { kind: 'stream'; text?: string; firstTokenDelayMs?: number; chunkDelayMs?: number; finishReason?: string }
  | { kind: 'error'; status: number; message?: string; type?: string; code?: string | null; retryAfter?: string; rawBody?: string }
  | { kind: 'broken'; afterChunks?: number; firstTokenDelayMs?: number }
  | { kind: 'error-chunk'; afterChunks?: number; message?: string }
  | { kind: 'hang' }
  | { kind: 'json'; text?: string };

export interface RecordedRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    messages?: { role: string; content: string }[];
    [key: string]: unknown;
  };
  receivedAt: number;
}

export interface OpenAiStandIn {
  /** Base URL with the version segment (what GENERATION_BASE_URL takes). */
  url: string;
  requests: RecordedRequest[];
  enqueue(...behaviours: StandInBehaviour[]): void;
  setDefault(behaviour: StandInBehaviour): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The default "model": the author's answers, as written, one paragraph per answer. */
export function echoAnswers(messages: { role: string; content: string }[] = []): string {
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const answers = user
    .split('\n')
    .filter((line) => line.startsWith('Answer: '))
    .map((line) => line.slice('Answer: '.length).trim());
  return answers.length > 0 ? answers.join('\n\n') : user.trim();
}

/** Splits text into word-sized pieces the way models stream (a word and its following space). */
export function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export async function startOpenAiStandIn(
  options: { apiKey?: string; defaultBehaviour?: StandInBehaviour; port?: number } = {},
): Promise<OpenAiStandIn> {
  const queue: StandInBehaviour[] = [];
  let defaultBehaviour: StandInBehaviour = options.defaultBehaviour ?? { kind: 'stream' };
  const requests: RecordedRequest[] = [];
  const sendError = (res: http.ServerResponse, status: number, message: string, type: string, code: string | null, retryAfter?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
    res.writeHead(status, headers);
    res.end(JSON.stringify({ error: { message, type, param: null, code } }));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string, receivedAt: number) {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return sendError(res, 404, `Unknown request URL: ${req.method} ${req.url}`, 'invalid_request_error', 'unknown_url');
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    let body: RecordedRequest['body'];
    try {
      body = JSON.parse(raw) as RecordedRequest['body'];
    } catch {
      return sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    }
    requests.push({ headers: req.headers, body, receivedAt });
    if (!Array.isArray(body.messages) || !body.model) {
      return sendError(res, 400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter');
    }
    const behaviour = queue.shift() ?? defaultBehaviour;
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

    switch (behaviour.kind) {
      case 'error':
        if (behaviour.rawBody !== undefined) {
          res.writeHead(behaviour.status, { 'content-type': 'text/html' });
          return res.end(behaviour.rawBody);
        }
        return sendError(
          res,
          behaviour.status,
          behaviour.message ?? 'The server had an error while processing your request.',
          behaviour.type ?? 'server_error',
          behaviour.code ?? null,
          behaviour.retryAfter,
        );
      case 'hang':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        return; // never writes; the client's timeout must fire
      case 'json': {
        const text = behaviour.text ?? echoAnswers(body.messages);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: pieces(text).length, total_tokens: 10 + pieces(text).length },
          }),
        );
      }
      default:
        break;
    }

    const text = behaviour.kind === 'stream' && behaviour.text !== undefined ? behaviour.text : echoAnswers(body.messages);
    const words = pieces(text);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    const firstDelay = 'firstTokenDelayMs' in behaviour ? (behaviour.firstTokenDelayMs ?? 0) : 0;
    if (firstDelay > 0) await sleep(firstDelay - (performance.now() - receivedAt));
    res.write(chunk({ role: 'assistant', content: '' }, null));
    const chunkDelay = behaviour.kind === 'stream' ? (behaviour.chunkDelayMs ?? 0) : 0;
    for (let i = 0; i < words.length; i += 1) {
      if (behaviour.kind === 'broken' && i >= (behaviour.afterChunks ?? 3)) {
        await sleep(50); // let the pieces already written reach the client
        res.socket?.destroy(); // the connection drops mid-stream, no [DONE]
        return;
      }
      if (behaviour.kind === 'error-chunk' && i >= (behaviour.afterChunks ?? 0)) {
        res.write(
          `data: ${JSON.stringify({ error: { message: behaviour.message ?? 'The model is overloaded.', type: 'server_error', param: null, code: null } })}\n\n`,
        );
        return res.end();
      }
      res.write(chunk({ content: words[i] }, null));
      if (chunkDelay > 0) await sleep(chunkDelay);
    }
    res.write(chunk({}, behaviour.kind === 'stream' ? (behaviour.finishReason ?? 'stop') : 'stop'));
    if (body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: { prompt_tokens: 42, completion_tokens: words.length, total_tokens: 42 + words.length } })}\n\n`,
      );
    }
    res.write('data: [DONE]\n\n');
    res.end();
  }

  const standIn = await listenStandIn(async (req, res) => {
    const receivedAt = performance.now();
    const raw = (await readBody(req)).toString('utf8');
    await handle(req, res, raw, receivedAt);
  }, options.port);
  return {
    url: `${standIn.origin}/v1`,
    requests,
    enqueue: (...behaviours) => queue.push(...behaviours),
    setDefault: (behaviour) => {
      defaultBehaviour = behaviour;
    },
    close: standIn.close,
  };
}
