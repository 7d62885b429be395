import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Language } from '@common/constants';
import { arrivalLanguage, arrivalPath, normalizeLanguage, isLanguage } from '@common/languages';
import type { Config } from './config';
import { createDb, migrateToLatest, type Db } from './db';
import { seedCatalog } from './db/seed/catalog';
import { createTranslator, type Translate } from './http/messages';
import { installErrorHandler } from './http/error-handler';
import { installCompression } from './http/compression';
import { createSpaPages } from './http/spa-page';
import { clientHas } from './http/etag';
import { registerLocaleBundles } from './http/locale-bundles';
import { siteSettings } from './site/settings';
import { loggerOptions, requestIdOf, requestLogger, type LogStream } from './http/logging';
import { answerHeaders } from './http/security';
import { responseSerializerCompiler } from './http/serializer';
import { createStorage, type Storage } from './providers/storage';
import type { RequestUser } from './auth/guard';
import { catalogRoutes } from './catalog/routes';
import { exportsRoutes } from './exports/routes';
import { authRoutes } from './auth/routes';
import { TOKEN_COOKIE } from './auth/session-cookie';
import { workspaceRoutes } from './workspace/routes';
import { booksRoutes } from './books/routes';
import { speechRoutes } from './speech/routes';
import { voiceSampleRoutes } from './speech/voice-sample';
import { generationRoutes } from './generation/routes';
import { writingRoutes } from './generation/writing-routes';
import { couponsRoutes } from './coupons/routes';
import { healthRoutes } from './health/routes';
import { accountRoutes } from './account/routes';
import { moneyRoutes } from './payments/routes';
import { familyRoutes } from './family/routes';
import { siteRoutes } from './site/routes';
import { loadQuestionBank, type QuestionBank } from './content/question-bank';
import { createQueue, type Queue } from './jobs/queue';
import { createMailer, type Mailer } from './providers/mail';
import { MAIL_JOB, mailJob, queuedMailer } from './providers/mail/queued';

declare module 'fastify' {
  interface FastifyRequest {
    lng: Language;
    user: RequestUser | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** What every area receives: configuration, database, translator, file storage. */
export interface AppContext {
  config: Config;
  db: Db;
  translate: Translate;
  storage: Storage;
  questionBank: QuestionBank;
  /** Background jobs (audiobooks, print submissions, e-mail): areas register their handlers with their routes; started once all are. */
  queue: Queue;
  /** Every e-mail: sent at once, or kept and retried by the queue while the mail server is down (providers/mail/queued.ts). */
  mailer: Mailer;
}

/** The Fastify instance an area registers its routes on (zod-typed). */
export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type AreaRoutes = (api: ApiInstance, ctx: AppContext) => Promise<void> | void;

/** Each area's routes, registered under /api. */
const areas: AreaRoutes[] = [
  catalogRoutes,
  authRoutes,
  workspaceRoutes,
  booksRoutes,
  speechRoutes,
  voiceSampleRoutes,
  exportsRoutes,
  generationRoutes,
  writingRoutes,
  couponsRoutes,
  moneyRoutes,
  familyRoutes,
  healthRoutes,
  accountRoutes,
  siteRoutes,
];

export interface BuildOptions {
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Where log lines go instead of stdout (the logging test reads them). */
  logStream?: LogStream;
  /** Told of every route as it is registered (the fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The language of a request's answers: its `lng` header, else its `?lng=` (a read the served page asks for itself, which
 * cannot send the header: spa-page.ts, `publicReads`), else its Accept-Language.
 */
function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.lng;
  const value = Array.isArray(header) ? header[0] : header;
  if (isLanguage(value)) return value;
  const query = (request.query as Record<string, unknown> | undefined)?.lng;
  return isLanguage(query) ? query : normalizeLanguage(request.headers['accept-language']);
}

/** Builds the whole app from a config; `server.ts` only listens, tests inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const translate = createTranslator(config.localesDir);
  const headersOf = answerHeaders(config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL, options.logStream),
    // a sane incoming X-Request-Id is kept, else a new UUID; echoed on every answer
    genReqId: requestIdOf,
    // each request's child logger (its reqId) is made only when the request writes a line
    childLoggerFactory: requestLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // the proxies' hops only, never `true`: with `true` a client's own left-most X-Forwarded-For entry would be its address
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    // a client has this long to send a whole request (headers and body): slow-body connections end with 408
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Node checks those timeouts only every 30 s by default: a short REQUEST_TIMEOUT_MS would act up to 30 s late
    http: { connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.REQUEST_TIMEOUT_MS / 4)) },
    // idle keep-alive connections are closed at once when the server closes
    forceCloseConnections: 'idle',
    // a path that cannot be decoded ('/fr/%E0%A4%A') fails before any hook and the error handler: answered as any bad input,
    // with the headers every answer carries (set here: the onRequest hook below does not run)
    frameworkErrors: (_error, request, reply) =>
      (reply as FastifyReply)
        .headers(headersOf(request))
        .header('x-request-id', request.id)
        .code(400)
        .send({ error: translate(requestLanguage(request), 'invalid_input'), code: 'invalid_input' }),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.NODE_ENV !== 'production'));

  const db = options.db ?? createDb(config);
  await migrateToLatest(db);
  await seedCatalog(db, config.contentDir);
  const queue = createQueue(db, {
    log: app.log,
    databaseUrl: config.DATABASE_URL,
    pollMs: config.JOB_POLL_MS,
    leaseMs: config.JOB_LEASE_MS,
    retryDelayMs: config.JOB_RETRY_DELAY_MS,
  });
  const transport = createMailer(config);
  queue.handle(MAIL_JOB, mailJob(transport, db, app.log));
  const ctx: AppContext = {
    config,
    db,
    translate,
    storage: createStorage(config),
    questionBank: loadQuestionBank(config.contentDir),
    queue,
    mailer: queuedMailer(transport, db, queue, app.log),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await ctx.queue.stop();
    if (!options.db) await db.destroy();
  });

  app.decorateRequest('lng', 'en');
  app.decorateRequest('user', null);
  app.decorateRequest('book', undefined);
  app.decorateRequest('uploads', undefined);
  // What every request needs before its route's hooks, in one callback hook (issue 17 item 5: each hook and each header set
  // one by one cost every request): its language, the security headers (one frozen set, http/security.ts), and
  // `X-Request-Id`, naming the request its log lines carry
  app.addHook('onRequest', (request, reply, done) => {
    request.lng = requestLanguage(request);
    reply.headers(headersOf(request)).header('x-request-id', request.id);
    done();
  });

  await installCompression(app);
  await app.register(cookie);
  installErrorHandler(app, ctx);

  await app.register(
    async (api) => {
      for (const area of areas) await area(api.withTypeProvider<ZodTypeProvider>(), ctx);
    },
    { prefix: '/api' },
  );

  await registerStaticFiles(app, config);
  ctx.queue.start();
  return app as unknown as FastifyInstance;
}

/** Hashed build assets never change: cached for a year. Everything else is revalidated (ETag) on each use. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** /locales/{lng}/{ns}.json, the built SPA (precompressed), and index.html for every client route. */
async function registerStaticFiles(app: FastifyInstance, config: Config) {
  registerLocaleBundles(app, config.localesDir);
  await app.register(fastifyStatic, {
    root: config.localesDir,
    prefix: '/locales/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', REVALIDATE),
  });
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // index.html as served for each route and language, with the route's chunks and texts named (http/spa-page.ts)
  const spaPage = hasWeb ? createSpaPages(config.webDistDir, siteSettings(config)) : null;
  if (hasWeb) {
    const assets = path.join(config.webDistDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      dotfiles: 'ignore',
      // one route for the folder, not one per file and method (the build's files took 160–170 ms of every start); a path with
      // no file goes on to the not-found handler below
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    });
  }
  app.get('/', (request, reply) => {
    const browser = (request.headers['accept-language'] ?? '').split(',');
    return reply.redirect(arrivalPath(arrivalLanguage('/', request.cookies.lng, browser)));
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (
      request.method !== 'GET' ||
      url.startsWith('/api/') ||
      url.startsWith('/locales/') ||
      url.startsWith('/assets/') ||
      path.extname(url)
    ) {
      return reply.code(404).send({ error: app.ctx.translate(request.lng, 'not_found'), code: 'not_found' });
    }
    if (!spaPage) return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    const { html, etag } = spaPage(url, { session: Boolean(request.cookies[TOKEN_COOKIE]) });
    reply.header('cache-control', REVALIDATE).header('etag', etag).header('vary', 'Accept-Encoding, Cookie');
    if (clientHas(request, etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
