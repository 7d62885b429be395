import { ANSWER_MAX_LENGTH } from '@common/constants';
import { generationApi } from '@common/api/generation';
import { requireOwnerOrGuestBook } from '../books/policy';
import { AppError, badRequest } from '../http/errors';
import { openEventStream } from '../http/event-stream';
import { routesOf } from '../http/routes';
import { createGenerationProvider } from '../providers/generation';
import { limitGeneration, prepareChapter, writeChapterForRequest, writePreparedChapter } from './service';

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

      const stream = openEventStream<'delta' | 'done' | 'error'>(reply);
      try {
        const result = await writePreparedChapter(db, writer, prepared, {
          signal: stream.signal,
          onDelta: (text) => stream.send('delta', { text }),
        });
        stream.send('done', result);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'server_error';
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'chapter stream failed');
        const params = error instanceof AppError ? error.params : {};
        stream.send('error', { error: translate(request.lng, code, params), code });
      } finally {
        stream.end();
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
