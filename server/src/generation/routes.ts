import { ANSWER_MAX_LENGTH } from '@common/constants';
import { generationApi } from '@common/api/generation';
import { requireOwnerOrGuestBook } from '../books/policy';
import { AppError, badRequest } from '../http/errors';
import { routesOf } from '../http/routes';
import { createGenerationProvider } from '../providers/generation';
import { limitGeneration, prepareChapter, writeChapterForRequest, writePreparedChapter } from './service';

/** Keeps proxies from closing a quiet stream while the model thinks. */
const HEARTBEAT_MS = 15_000;

/**
 * Chapter writing (getStoryAnswer and its streaming variant) and answer optimisation
 * (getOptimizedTranscript). Open to owners and to guests holding the book's X-Guest-Token.
 * Pipeline: rate limit → who → validate → may this book write this chapter → save answers → write → store.
 */
export const generationRoutes = routesOf(generationApi, ({ db, config, translate }, log) => {
  const writer = createGenerationProvider(config, { log });
  return {
    getStoryAnswer: async (request) => ({ success: await writeChapterForRequest(db, writer, request, request.body) }),

    getStoryAnswerStream: async (request, reply) => {
      // Refusals (401/402/403/404/429, invalid answers) are plain JSON errors, before the stream starts.
      const prepared = await prepareChapter(db, request, request.body);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.flushHeaders();
      const send = (event: 'delta' | 'done' | 'error', data: unknown) => {
        if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const controller = new AbortController();
      raw.on('close', () => {
        if (!raw.writableFinished) controller.abort(new Error('client closed the stream'));
      });
      const heartbeat = setInterval(() => {
        if (!raw.writableEnded) raw.write(': ping\n\n');
      }, HEARTBEAT_MS);
      try {
        const result = await writePreparedChapter(db, writer, prepared, {
          signal: controller.signal,
          onDelta: (text) => send('delta', { text }),
        });
        send('done', result);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'server_error';
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'chapter stream failed');
        const params = error instanceof AppError ? error.params : {};
        send('error', { error: translate(request.lng, code, params), code });
      } finally {
        clearInterval(heartbeat);
        if (!raw.writableEnded) raw.end();
      }
      return reply;
    },

    getOptimizedTranscript: async (request) => {
      await requireOwnerOrGuestBook(db, request);
      await limitGeneration(db, request, 'optimize');
      const transcript = request.body.transcript.trim();
      if (!transcript) throw badRequest('generation.empty_transcript');
      if (transcript.length > ANSWER_MAX_LENGTH) throw badRequest('generation.answer_too_long', { max: ANSWER_MAX_LENGTH });
      const content = await writer.optimizeAnswer({ transcript, language: request.lng });
      return { success: { content: content.slice(0, ANSWER_MAX_LENGTH) } };
    },
  };
});
