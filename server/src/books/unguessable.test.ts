import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountApi } from '@common/api/account';
import { authApi } from '@common/api/auth';
import { booksApi } from '@common/api/books';
import { callPath, type Call } from '@common/api/contract';
import { couponsApi } from '@common/api/coupons';
import { exportsApi } from '@common/api/exports';
import { generationApi } from '@common/api/generation';
import { paymentsApi, subscriptionsApi, giftsApi } from '@common/api/payments';
import { speechApi, voiceSampleApi } from '@common/api/speech';
import { workspaceApi } from '@common/api/workspace';
import { writingApi } from '@common/api/writing';
import { buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { arbitraryOf } from '../../test/zod-arbitrary';

/**
 * Issue 18 item 7: book ids are the spec's sequential integers (`/questions/{service_session_id}`),
 * so what protects them is that no answer tells a book that exists from one that does not: every
 * route that names a book answers 401 to an anonymous caller whatever the id, and the very same
 * answer (status and body) for someone else's book as for a missing one — signed in or as a guest.
 */
const bookCalls = Object.entries({
  ...accountApi,
  ...authApi,
  ...booksApi,
  ...couponsApi,
  ...exportsApi,
  ...generationApi,
  ...paymentsApi,
  ...subscriptionsApi,
  ...giftsApi,
  ...speechApi,
  ...voiceSampleApi,
  ...workspaceApi,
  ...writingApi,
} as Record<string, Call>)
  .map(([name, call]): [string, Call] => [
    name,
    call.book || !namesABook(call) ? call : { ...call, book: { in: 'body', key: 'service_session_id' } },
  ])
  .filter(([, call]) => call.book);

/** A call whose body carries a book id its handler checks itself (no `book` locator): generation, speech. */
function namesABook(call: Call): boolean {
  const shape = (call.multipart?.fields ?? call.body) as z.ZodObject | undefined;
  return Boolean(shape?.shape && 'service_session_id' in shape.shape);
}

/** A value the schema accepts (generated with a fixed seed). */
function validOf(schema: z.ZodType | undefined): Record<string, unknown> {
  if (!schema) return {};
  const samples = fc.sample(arbitraryOf(schema), { numRuns: 200, seed: 7 });
  return (samples.find((value) => schema.safeParse(value).success) ?? {}) as Record<string, unknown>;
}

function requestFor(call: Call, bookId: number, headers: Record<string, string>) {
  const locator = call.book!;
  const params = { ...validOf(call.params), ...(locator.in === 'params' && { [locator.key]: bookId }) };
  const url = `/api${callPath(call, params)}`;
  if (call.method === 'GET') return { method: call.method, url, headers };
  const body = { ...validOf(call.multipart?.fields ?? call.body), ...(locator.in === 'body' && { [locator.key]: bookId }) };
  if (!call.multipart) return { method: call.method, url, headers, payload: body };
  // a real form, each file field filled: the answer must not depend on a missing file
  const boundary = 'unguessable';
  const part = (name: string, value: string, file = false) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${name}.bin"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n${value}\r\n`;
  const text =
    Object.entries(body)
      .map(([key, value]) => part(key, typeof value === 'string' ? value : JSON.stringify(value)))
      .join('') +
    Object.keys(call.multipart.files)
      .map((key) => part(key, 'some bytes', true))
      .join('') +
    `--${boundary}--\r\n`;
  return { method: call.method, url, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: text };
}

describe('book ids reveal nothing (every route that names a book)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // a speech provider configured (never reached: ownership is checked before any transcription)
    app = await buildTestApp({ STT_PROVIDER: 'openai', STT_BASE_URL: 'http://127.0.0.1:9' });
  });
  afterAll(async () => app?.close());

  it('walks every book route', () => {
    expect(bookCalls.length).toBeGreaterThanOrEqual(21);
  });

  for (const [name, call] of bookCalls) {
    it(`${name}: 401 for anonymous whatever the id; someone else's book answers exactly like a missing one`, async () => {
      const owner = await createUser(app);
      const stranger = await createUser(app);
      const book = await createBook(app, { userId: owner.id });
      const guestBook = await createBook(app, { guestToken: crypto.randomBytes(24).toString('hex') });
      const missing = 2_000_000_000;
      const anonymousAnswers = [];
      for (const id of [book.id, missing]) {
        const anonymous = await app.inject(requestFor(call, id, {}));
        if (call.scope !== 'public') expect(anonymous.statusCode, `${name} anonymous ${id}`).toBe(401);
        anonymousAnswers.push({ status: anonymous.statusCode, body: anonymous.body });
      }
      expect(anonymousAnswers[0]).toEqual(anonymousAnswers[1]);
      const strangerGuest = { 'x-guest-token': crypto.randomBytes(24).toString('hex') };
      await createBook(app, { guestToken: strangerGuest['x-guest-token'] });
      const callers = call.scope === 'user' ? [stranger.headers] : [stranger.headers, strangerGuest];
      for (const headers of callers) {
        for (const foreignId of [book.id, guestBook.id]) {
          const foreign = await app.inject(requestFor(call, foreignId, headers));
          const absent = await app.inject(requestFor(call, missing, headers));
          expect(foreign.statusCode, `${name} foreign ${foreign.body}`).toBe(404);
          expect(foreign.statusCode).toBe(absent.statusCode);
          expect(foreign.json()).toEqual(absent.json());
        }
      }
    });
  }
});
