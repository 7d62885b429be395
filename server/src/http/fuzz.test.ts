import crypto from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi } from '@common/api/account';
import { audiobookApi } from '@common/api/audiobook';
import { authApi } from '@common/api/auth';
import { booksApi } from '@common/api/books';
import { catalogApi } from '@common/api/catalog';
import { callPath, type Call } from '@common/api/contract';
import { couponsApi } from '@common/api/coupons';
import { exportsApi } from '@common/api/exports';
import { generationApi } from '@common/api/generation';
import { familyApi } from '@common/api/family';
import { healthApi } from '@common/api/health';
import { luluWebhookApi, printingApi } from '@common/api/printing';
import { giftsApi, paymentsApi, subscriptionsApi } from '@common/api/payments';
import { siteApi } from '@common/api/site';
import { speechApi, voiceSampleApi } from '@common/api/speech';
import { workspaceApi } from '@common/api/workspace';
import { writingApi } from '@common/api/writing';
import { buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { arbitraryOf } from '../../test/zod-arbitrary';

/**
 * Issue 18 item 9: every route, fed valid requests generated from its zod schemas and mutations of
 * them (wrong types, missing fields, huge strings, 10 000-level nesting, unicode edge cases, broken
 * multipart), as an anonymous visitor, a guest holding their book's token, a signed-in user on
 * their own book and a relative holding a family invitation link: never a 500, and the server still answers afterwards.
 * Signed in, each call's valid request also goes with every number past PostgreSQL's `integer` (ids' columns), and with
 * a NUL in each of its strings in turn (PostgreSQL's text refuses it): values SQLite takes. Deterministic: a fixed seed
 * (FUZZ_SEED to change it), printed by fast-check with the counterexample when a run fails.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 18_009);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/** Every call declared in common/api. */
const declared: Record<string, Call> = {
  ...accountApi,
  ...audiobookApi,
  ...authApi,
  ...booksApi,
  ...catalogApi,
  ...couponsApi,
  ...exportsApi,
  ...generationApi,
  ...healthApi,
  ...paymentsApi,
  ...printingApi,
  ...luluWebhookApi,
  ...subscriptionsApi,
  ...giftsApi,
  ...speechApi,
  ...voiceSampleApi,
  ...workspaceApi,
  ...writingApi,
  ...siteApi,
  ...familyApi,
};

/**
 * Routes registered by hand, outside common/api, described here the same way so that they are fuzzed
 * too. None today (the auth routes moved to common/api/auth.ts); the first test fails when the server
 * registers a route that is neither declared nor listed here.
 */
const handRegistered: Record<string, Call> = {};

const allCalls = Object.entries({ ...handRegistered, ...declared });
/** Calls that end what the caller holds (its book, its token): each of their runs gets fresh fixtures. */
const destructive = new Set(['deleteSessionById', 'revokeToken', 'refreshToken', 'deleteAccount']);

type Caller = 'anonymous' | 'guest' | 'user' | 'relative';
const CALLERS: Caller[] = ['anonymous', 'guest', 'user', 'relative'];
const CALLER_NAMES: Record<Caller, string> = {
  anonymous: 'an anonymous visitor',
  guest: 'a guest',
  user: 'a signed-in user',
  relative: 'a relative holding an invitation link',
};
interface Fixtures {
  headers: Record<string, string>;
  bookId: number;
  userId: number | null;
}

/** Strings that broke parsers, databases or renderers somewhere. */
const UNICODE_EDGES = [
  '\ud800',
  'a\udfffb',
  '\u0000',
  'nul\u0000in the middle',
  '\u202eRTL override\u202c',
  '\u200f\u200e',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '\ufeffBOM',
  'e\u0301\u0301\u0301',
  '\uffff\ufffe',
  '𝕳𝖊𝖑𝖑𝖔',
  '%00%2e%2e%2f',
  '../../../../etc/passwd',
  "'; DROP TABLE users; --",
  '${{7*7}}',
];
const HUGE = ['x'.repeat(300_000), '🙂'.repeat(60_000), '\u0000'.repeat(100_000)];
const DEEP_ARRAY = '['.repeat(10_000) + ']'.repeat(10_000);
const DEEP_OBJECT = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);

type Mutation =
  | { kind: 'valid' }
  | { kind: 'wrongType'; pick: number; value: unknown }
  | { kind: 'missing'; pick: number }
  | { kind: 'edgeString'; pick: number; value: string }
  | { kind: 'extraField'; value: unknown }
  | { kind: 'deep'; raw: string }
  | { kind: 'rawBody'; raw: string; contentType: string }
  | { kind: 'param'; pick: number; value: string }
  | { kind: 'query'; value: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'valid' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wrongType' as const),
      pick: fc.nat(),
      value: fc.oneof(
        fc.integer(),
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.object({ maxDepth: 1 }),
        fc.double(),
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('missing' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edgeString' as const),
      pick: fc.nat(),
      value: fc.oneof(fc.constantFrom(...UNICODE_EDGES, ...HUGE), fc.string({ unit: 'binary', maxLength: 50 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('extraField' as const), value: fc.jsonValue({ maxDepth: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), raw: fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rawBody' as const),
      raw: fc.constantFrom('{"a":', 'null', '[]', '"text"', '1e999', '{"__proto__":{"admin":true}}', '\u0000', ''),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('param' as const),
      pick: fc.nat(),
      value: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '99999999999999999999',
        '1e3',
        'NaN',
        'abc',
        '%00',
        '..%2F..',
        '\u202e1',
        ' 1',
        '0x10',
        '2147483648',
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      value: fc.constantFrom('a[b][c]=1', 'lng=xx', '__proto__[x]=1', 'a=' + 'x'.repeat(5000)),
    }),
  },
);

/** The paths (key lists) of every value inside a JSON value, the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], root);
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false) {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
}

function mutate(body: unknown, m: Mutation): unknown {
  if (m.kind !== 'wrongType' && m.kind !== 'missing' && m.kind !== 'edgeString' && m.kind !== 'extraField') return body;
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  if (m.kind === 'extraField') return typeof copy === 'object' && !Array.isArray(copy) ? { ...copy, extra: m.value } : copy;
  const paths = pathsOf(copy);
  if (paths.length === 0) return m.kind === 'missing' ? undefined : m.kind === 'wrongType' ? m.value : m.value;
  const path = paths[m.pick % paths.length];
  if (m.kind === 'missing') setAt(copy, path, undefined, true);
  else setAt(copy, path, m.value);
  return copy;
}

function multipartBody(fields: Record<string, unknown>, files: string[], fileBytes: Buffer) {
  const boundary = `----fuzz${crypto.randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  for (const name of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(fileBytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Generated {
  params: unknown;
  query: unknown;
  body: unknown;
  fileBytes: Uint8Array;
  mutation: Mutation;
}

function generatorOf(call: Call): fc.Arbitrary<Generated> {
  return fc.record({
    params: call.params ? arbitraryOf(call.params) : fc.constant({}),
    query: call.query ? arbitraryOf(call.query) : fc.constant({}),
    body: call.multipart ? arbitraryOf(call.multipart.fields) : call.body ? arbitraryOf(call.body) : fc.constant(undefined),
    fileBytes: fc.uint8Array({ maxLength: 256 }),
    mutation,
  });
}

/** One past the largest PostgreSQL `integer` (the ids' columns): a number zod lets through unless the schema bounds it. */
const PAST_INTEGER = 2_147_483_648;

/** A generated value with every number in it made PAST_INTEGER. */
function pastInteger(value: unknown): unknown {
  if (typeof value === 'number') return PAST_INTEGER;
  if (Array.isArray(value)) return value.map(pastInteger);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pastInteger(item)]));
  return value;
}

/** The request of one run: the call's generated inputs, the book id set to the caller's own book, then mutated. */
function requestOf(call: Call, input: Generated, fixtures: Fixtures) {
  const m = input.mutation;
  const params = { ...(input.params as Record<string, unknown>) };
  let body = input.body;
  if (call.book?.in === 'params') params[call.book.key] = fixtures.bookId;
  if (call.book?.in === 'body' && body && typeof body === 'object') body = { ...body, [call.book.key]: fixtures.bookId };
  if (call.path.includes(':user_id')) params.user_id = fixtures.userId ?? 1;
  if (m.kind === 'param') {
    const names = [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);
    if (names.length > 0) params[names[m.pick % names.length]] = m.value;
  }
  let url = `/api${callPath(call, params)}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query as Record<string, unknown>) ?? {})) {
    query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const queryText = m.kind === 'query' ? m.value : query.toString();
  if (queryText) url += `?${queryText}`;
  const headers: Record<string, string> = { ...fixtures.headers };
  if (call.method === 'GET') return { method: call.method, url, headers };
  if (m.kind === 'deep') return { method: call.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: m.raw };
  if (m.kind === 'rawBody') return { method: call.method, url, headers: { ...headers, 'content-type': m.contentType }, payload: m.raw };
  body = mutate(body, m);
  if (call.multipart && body && typeof body === 'object' && !Array.isArray(body)) {
    const files = Object.keys(call.multipart.files);
    const { payload, contentType } = multipartBody(body as Record<string, unknown>, files, Buffer.from(input.fileBytes));
    return { method: call.method, url, headers: { ...headers, 'content-type': contentType }, payload };
  }
  if (body === undefined) return { method: call.method, url, headers };
  return { method: call.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) };
}

describe('fuzzing every route (issue 18 item 9)', () => {
  let app: TestApp;
  const registered: { method: string; url: string }[] = [];
  /** The stacks of the errors behind 500 answers, to point at their cause. */
  const errors: string[] = [];
  /** The calls a valid generated request got through to (2xx), signed in: the generator makes real requests. */
  const reached = new Set<string>();
  const shared: Partial<Record<Caller, Fixtures>> = {};

  let invitations = 0;
  async function fixturesOf(caller: Caller): Promise<Fixtures> {
    if (caller === 'anonymous') return { headers: {}, bookId: 1, userId: null };
    if (caller === 'guest') {
      const guestToken = crypto.randomBytes(24).toString('hex');
      const book = await createBook(app, { guestToken }, { bookName: 'Guest fuzz' });
      return { headers: { 'x-guest-token': guestToken }, bookId: book.id, userId: null };
    }
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id }, { bookName: 'Fuzz', paid: true });
    if (caller === 'user') return { headers: user.headers, bookId: book.id, userId: user.id };
    invitations += 1;
    const invited = await app.inject({
      method: 'POST',
      url: '/api/createFamilyInvitation',
      // each from an address of its own: destructive calls make a relative per run, more than one address's hourly invitations
      remoteAddress: `10.18.${invitations >> 8}.${invitations & 255}`,
      headers: user.headers,
      payload: {
        service_session_id: book.id,
        contributor_name: 'Marie',
        relation: 'sister',
        language: 'fr',
        permission: 'answer',
        chapter_id: 1,
      },
    });
    const url: string = invited.json().success.url;
    return { headers: { 'x-invitation-token': url.slice(url.indexOf('#') + 1) }, bookId: book.id, userId: null };
  }

  beforeAll(async () => {
    app = await buildTestApp(
      {},
      { onRoute: (route: RouteOptions) => void registered.push({ method: String(route.method), url: route.url }) },
    );
    app.addHook('onError', async (_request, _reply, error) => void errors.push(String(error.stack ?? error).slice(0, 1200)));
    for (const caller of CALLERS) shared[caller] = await fixturesOf(caller);
  });
  afterAll(async () => app?.close());

  it('knows every /api route the server registers (declared in common/api or listed above)', () => {
    const known = new Set(allCalls.map(([, call]) => `${call.method} /api${call.path}`));
    const api = registered.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(40);
    expect(api.map((route) => `${route.method} ${route.url}`).filter((route) => !known.has(route))).toEqual([]);
    for (const [name, call] of allCalls)
      expect(
        registered.some((r) => r.url === `/api${call.path}` && r.method === call.method),
        name,
      ).toBe(true);
  });

  for (const caller of CALLERS) {
    it(`no 500 on any route, as ${CALLER_NAMES[caller]}`, async () => {
      for (const [name, call] of allCalls) {
        const outcome = await fc.check(
          fc.asyncProperty(generatorOf(call), async (input) => {
            const fixtures = destructive.has(name) ? await fixturesOf(caller) : shared[caller]!;
            const request = requestOf(call, input, fixtures);
            const res = await app.inject(request as InjectOptions);
            if (input.mutation.kind === 'valid' && res.statusCode < 300) reached.add(name);
            if (res.statusCode >= 500 && res.statusCode !== 503) {
              throw new Error(
                `${res.statusCode} for ${request.method} ${request.url.slice(0, 200)}: ${errors.at(-1) ?? res.body.slice(0, 300)}`,
              );
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
        if (outcome.failed) {
          const example = JSON.stringify(outcome.counterexample, (_key, value: unknown) =>
            typeof value === 'string' && value.length > 80 ? `${value.slice(0, 40)}…(${value.length} chars)` : value,
          );
          throw new Error(
            `${name} as ${caller} (seed ${outcome.seed}, path ${outcome.counterexamplePath}): ${String(outcome.errorInstance)}\n${example.slice(0, 1500)}`,
          );
        }
      }
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      // the valid requests are real ones: many calls answer them with success (not only 400s)
      if (caller === 'user') expect(reached.size, [...reached].join(' ')).toBeGreaterThanOrEqual(20);
    }, 120_000);
  }

  /**
   * A generated body made to get past the checks before storage: a user call's `id` is the caller's, a book call's
   * `version` the one stored (else 403 and 409 answer before anything is written).
   */
  async function pastTheChecks(call: Call, body: unknown, fixtures: Fixtures): Promise<unknown> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const fields = { ...(body as Record<string, unknown>) };
    if (call.scope === 'user' && 'id' in fields && fixtures.userId !== null) fields.id = fixtures.userId;
    if (call.book && 'version' in fields) {
      const book = await app.ctx.db.selectFrom('service_sessions').select('version').where('id', '=', fixtures.bookId).executeTakeFirst();
      if (book) fields.version = book.version;
    }
    return fields;
  }

  it('no 500 when every number of a valid request is past what PostgreSQL’s integer holds, the book’s id too or not, signed in', async () => {
    const own = await fixturesOf('user');
    const failures: string[] = [];
    // the book's id past it (refused before any read), then the caller's own book with every other number past it
    for (const pastBook of [true, false]) {
      for (const [name, call] of allCalls) {
        const caller = destructive.has(name) ? await fixturesOf('user') : own;
        const fixtures = { ...caller, bookId: pastBook ? PAST_INTEGER : caller.bookId, userId: PAST_INTEGER };
        const [input] = fc.sample(generatorOf(call), { seed: SEED, numRuns: 1 });
        const past: Generated = {
          ...input,
          params: pastInteger(input.params),
          query: pastInteger(input.query),
          body: pastInteger(input.body),
          mutation: { kind: 'valid' },
        };
        const res = await app.inject(requestOf(call, past, fixtures) as InjectOptions);
        if (res.statusCode >= 500 && res.statusCode !== 503)
          failures.push(`${name} (book ${fixtures.bookId}): ${res.statusCode} ${errors.at(-1) ?? res.body.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('no 500 when a string of a valid request holds a NUL (PostgreSQL’s text refuses it), each string in turn, signed in', async () => {
    const own = await fixturesOf('user');
    const failures: string[] = [];
    for (const [name, call] of allCalls) {
      const [input] = fc.sample(generatorOf(call), { seed: SEED, numRuns: 1 });
      const strings = (['params', 'query', 'body'] as const).flatMap((part) =>
        pathsOf(input[part])
          .filter((path) => typeof valueAt(input[part], path) === 'string')
          .map((path) => ({ part, path })),
      );
      for (const { part, path } of strings) {
        const copy = structuredClone({ params: input.params, query: input.query, body: input.body });
        setAt(copy[part], path, `${valueAt(copy[part], path) as string}\u0000`);
        const caller = destructive.has(name) ? await fixturesOf('user') : own;
        const body = await pastTheChecks(call, copy.body, caller);
        const res = await app.inject(requestOf(call, { ...input, ...copy, body, mutation: { kind: 'valid' } }, caller) as InjectOptions);
        if (res.statusCode >= 500 && res.statusCode !== 503)
          failures.push(
            `${name} (${part}.${path.join('.')}): ${res.statusCode} ${errors.at(-1)?.split('\n')[0] ?? res.body.slice(0, 300)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});
