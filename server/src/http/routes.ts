import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { successOf } from '@common/schemas/api';
import type { Call, CallBody, CallParams, CallQuery, CallSuccessInput, MultipartForm } from '@common/api/contract';
import type { AppContext, AreaRoutes } from '../app';
import { authenticate, requireUser, type RequestUser } from '../auth/guard';
import { loadBookOf, requireBookCredentials } from '../books/policy';
import type { SessionRow } from '../books/repository';
import { requireInvitation, type InvitationRow } from '../family/policy';
import { AppError } from './errors';
import { readMultipart, type UploadedFile } from './multipart';

/** The request a handler receives: validated inputs, and what its scope guarantees. */
export type CallRequest<C extends Call> = FastifyRequest & {
  params: CallParams<C>;
  query: CallQuery<C>;
  body: CallBody<C>;
  user: C['scope'] extends 'user' ? RequestUser : RequestUser | null;
  book: C['book'] extends object ? SessionRow : undefined;
  invitation: C['scope'] extends 'contributor' ? InvitationRow : undefined;
  uploads: C['multipart'] extends MultipartForm ? Partial<Record<keyof C['multipart']['files'] | string, UploadedFile>> : undefined;
};

/** A JSON call answers `{ success }`; a file or stream call answers through `reply`. */
type Answer<C extends Call> = C['response'] extends z.ZodType ? { success: CallSuccessInput<C> } : FastifyReply;
export type Handler<C extends Call> = (request: CallRequest<C>, reply: FastifyReply) => Promise<Answer<C>>;

/**
 * How an area implements one call: its handler, and the rate limits counted before it
 * (preHandlers such as `limitByIp(db, 'login', rule)`, run after authentication).
 */
export type Implementation<C extends Call> = Handler<C> | { limit: preHandlerAsyncHookHandler[]; handler: Handler<C> };
export type Implementations<A extends Record<string, Call>> = { [K in keyof A]: Implementation<A[K]> };

declare module 'fastify' {
  interface FastifyRequest {
    book: SessionRow | undefined;
    invitation: InvitationRow | undefined;
    uploads: Record<string, UploadedFile> | undefined;
  }
}

/**
 * An area's routes from its declarations (`common/api/<area>.ts`) and its implementations: the
 * pipeline of every route is authenticate (by scope, before the body is read) → rate limit →
 * validate (zod; multipart fields too) → load the book (book routes) → handler.
 */
export function routesOf<A extends Record<string, Call>>(
  calls: A,
  implement: (ctx: AppContext, log: AreaLog) => Implementations<A>,
): AreaRoutes {
  return async (api, ctx) => {
    const implementations = implement(ctx, (message, details) => api.log.warn({ ...details }, message));
    const routes = Object.entries(calls).map(([name, call]) => {
      const implementation = implementations[name] as Implementation<Call>;
      const { limit, handler } = typeof implementation === 'function' ? { limit: [], handler: implementation } : implementation;
      return { call, options: routeOptions(ctx, call, limit, handler as unknown as RouteOptions['handler']) };
    });
    for (const { call, options } of routes) if (!call.multipart) api.route(options);
    const forms = routes.filter(({ call }) => call.multipart);
    if (forms.length === 0) return;
    // @fastify/multipart hooks every request of its scope (a 'close' listener and cleanup hooks): only the form calls get it
    await api.register(async (scope) => {
      await scope.register(multipart, { limits: { fileSize: ctx.config.UPLOAD_LIMIT_BYTES, files: 10, fields: 50, parts: 60 } });
      for (const { options } of forms) scope.route(options);
    });
  };
}

export type AreaLog = (message: string, details?: Record<string, unknown>) => void;

function routeOptions(ctx: AppContext, call: Call, limit: preHandlerAsyncHookHandler[], handler: RouteOptions['handler']): RouteOptions {
  const preHandler: preHandlerAsyncHookHandler[] = [...limit];
  if (call.multipart) preHandler.push(multipartOf(call.multipart, ctx.config.UPLOAD_LIMIT_BYTES));
  if (call.book) preHandler.push(loadBookOf(ctx.db, call.book));
  return {
    method: call.method,
    url: call.path,
    onRequest: onRequestOf(ctx, call),
    preHandler,
    ...(call.bodyLimit && { bodyLimit: call.bodyLimit }),
    // a JSON answer (a string or the serializer's buffer) is compressed by our own onSend hook (http/compression.ts)
    ...(call.response && { compress: false }),
    schema: {
      ...(call.params && { params: call.params }),
      ...(call.query && { querystring: call.query }),
      ...(call.body && !call.multipart && { body: call.body }),
      ...(call.response && { response: { 200: successOf(call.response) } }),
    },
    handler,
  };
}

/** Authentication by scope, before the body is read. */
function onRequestOf(ctx: AppContext, call: Call) {
  switch (call.scope) {
    case 'user':
      return requireUser(ctx.db);
    case 'book':
      return requireBookCredentials(ctx.db);
    case 'contributor':
      return requireInvitation(ctx.db);
    case 'public':
      return authenticate(ctx.db);
  }
}

/** Reads a multipart form, validates its text fields as the body, keeps its files in `request.uploads`. */
function multipartOf(form: MultipartForm, uploadLimit: number): preHandlerAsyncHookHandler {
  return async (request) => {
    const { fields, files } = await readMultipart(request, form, uploadLimit);
    const parsed = form.fields.safeParse(fields);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw new AppError(400, 'invalid_input', {}, { issues });
    }
    request.body = parsed.data;
    request.uploads = files;
  };
}
