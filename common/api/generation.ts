import { defineCall } from './contract';
import { OptimizedTranscriptBodySchema, OptimizedTranscriptSchema, StoryAnswerBodySchema, StoryAnswerSchema } from '../schemas/generation';

/**
 * Chapter writing and answer optimisation (spec section 7). The chapter calls load the book
 * themselves (generation/service: rate limit → book → may this chapter be written).
 */
export const generationApi = {
  getStoryAnswer: defineCall({
    method: 'POST',
    path: '/getStoryAnswer',
    scope: 'book',
    body: StoryAnswerBodySchema,
    response: StoryAnswerSchema,
  }),
  /** The same, as server-sent events: `delta` {text}, then `done` (a StoryAnswer) or `error` {error, code}. */
  getStoryAnswerStream: defineCall({ method: 'POST', path: '/getStoryAnswerStream', scope: 'book', body: StoryAnswerBodySchema }),
  getOptimizedTranscript: defineCall({
    method: 'POST',
    path: '/getOptimizedTranscript',
    scope: 'public',
    body: OptimizedTranscriptBodySchema,
    response: OptimizedTranscriptSchema,
  }),
};
