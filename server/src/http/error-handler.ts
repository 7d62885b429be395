import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppContext } from '../app';
import { AppError } from './errors';

/**
 * One place turns failures into `{ error, code }` in the request's language.
 * Never a stack trace or SQL text in an answer.
 */
export function installErrorHandler(app: FastifyInstance, ctx: AppContext) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const t = (code: string, params?: Record<string, string | number>) => ctx.translate(request.lng, code, params);
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ error: t(error.code, error.params), code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? '',
      }));
      return reply.code(400).send({ error: t('invalid_input'), code: 'invalid_input', issues });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ error: t('too_large'), code: 'too_large' });
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.code(415).send({ error: t('unsupported_media_type'), code: 'unsupported_media_type' });
    }
    if (status === 429) {
      return reply.code(429).send({ error: t('rate_limited'), code: 'rate_limited' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: t('invalid_input'), code: 'invalid_input' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: t('server_error'), code: 'server_error' });
  });
}
