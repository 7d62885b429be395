import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../auth/tokens';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { REDACTED } from './logging';

/**
 * Issue 18 item 10: the log lines of real requests (login, a save, an upload, a link with a token)
 * name their request and carry none of the secrets or the writing the requests held.
 */
describe('structured logs', () => {
  let app: TestApp;
  const lines: string[] = [];
  let user: TestUser;
  let bookId: number;
  const PASSWORD = 'Sesame-Secret-Password-42';
  const ANSWER = 'The-Intimate-Answer-About-My-Mother';
  const CHAPTER = 'Generated-Chapter-Text-Nobody-Else-Reads';
  const GUEST = 'guest0token0never0logged0000000000000000';
  const CONFIRM = 'confirm-link-token-0123456789';
  const COOKIE = 'cookie-value-never-logged';

  beforeAll(async () => {
    app = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    user = await createUser(app);
    // a password the login can check
    const { hashPassword } = await import('../auth/passwords');
    await app.ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', user.id)
      .execute();
    bookId = (await createBook(app, { userId: user.id })).id;
    await createBook(app, { guestToken: GUEST });
  });
  afterAll(async () => app?.close());

  it('has a request id on every request line, echoed in X-Request-Id; a sane incoming id is kept, a hostile one replaced', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'evil\u202e"}\n{"level":60' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).not.toBe(replaced.headers['x-request-id']);
    const requestLines = lines
      .map((line) => JSON.parse(line) as { reqId?: string; req?: unknown; res?: unknown })
      .filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThanOrEqual(6);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
    expect(requestLines.filter((l) => l.reqId === 'lb-1234.abc')).toHaveLength(2); // received, completed
  });

  it('writes no password, token, cookie, guest token, answer, chapter text or upload bytes', async () => {
    lines.length = 0;
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `plume_session=${COOKIE}` },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = JSON.parse(login.body).success.token as string;
    const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: `${PASSWORD}-wrong` } });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);

    const session = await app.inject({ method: 'GET', url: `/api/getSession/${bookId}`, headers: { authorization: `Bearer ${token}` } });
    const checkpoint = buildCheckpoint(3);
    checkpoint.data[0].questions[0].transcript = ANSWER;
    checkpoint.data[0].generated_content = CHAPTER;
    const save = await app.inject({
      method: 'POST',
      url: '/api/upSertSession',
      headers: { authorization: `Bearer ${token}` },
      payload: { service_session_id: bookId, checkpoint_data: checkpoint, version: JSON.parse(session.body).success.version },
    });
    expect(save.statusCode, save.body).toBe(200);

    const boundary = 'logtestboundary';
    const upload = await app.inject({
      method: 'POST',
      url: '/api/uploadSessionImage',
      headers: { 'x-guest-token': GUEST, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="service_session_id"\r\n\r\n${bookId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\ncover_media_photo\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nVOICE-OR-PHOTO-BYTES\r\n--${boundary}--\r\n`,
      ),
    });
    expect(upload.statusCode).toBeLessThan(500);
    await app.inject({ method: 'GET', url: `/api/confirmEmail?token=${CONFIRM}&lng=en` });
    // code that logs an object holding secrets gets them masked
    app.log.info({ password: PASSWORD, body: { transcript: ANSWER }, headers: { authorization: `Bearer ${token}` } }, 'careless');

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(8);
    for (const secret of [PASSWORD, token, hashToken(token), COOKIE, GUEST, ANSWER, CHAPTER, CONFIRM, 'VOICE-OR-PHOTO-BYTES']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/api/confirmEmail?token=' + REDACTED);
    expect(text).toContain(REDACTED);
  });
});

/**
 * Issue 17 item 5: a request's child logger (pino's, with its `reqId`) is made only when the request
 * writes a line; the lines it writes still carry the request id.
 */
describe('request loggers', () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => app?.close());

  it('makes no child logger for a request that writes nothing, and one with the request id for a request that writes', async () => {
    const child = vi.spyOn(app.log, 'child');
    try {
      const quiet = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'quiet-1' } });
      expect(quiet.statusCode).toBe(200);
      expect(child).not.toHaveBeenCalled();
      expect(lines).toHaveLength(0);

      // at info, Fastify logs each request as it comes and as it ends: through a child carrying the id
      app.log.level = 'info';
      const logged = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'logged-1' } });
      expect(logged.statusCode).toBe(200);
      expect(child).toHaveBeenCalledTimes(1);
      expect(child.mock.calls[0][0]).toEqual({ reqId: 'logged-1' });
      const written = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
      expect(written.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      for (const line of written) expect(line.reqId).toBe('logged-1');
    } finally {
      app.log.level = 'warn';
      child.mockRestore();
    }
  });
});
