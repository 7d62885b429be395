import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { startGoogleStandIn, type GoogleStandIn } from '../../test/stand-ins/google';
import { json, registerAndVerify, registerBody, waitForMail } from '../../test/accounts-support';

let google: GoogleStandIn;
beforeAll(async () => {
  google = await startGoogleStandIn();
});
afterAll(async () => {
  await google.close();
});

describe('Google sign-in (stand-in tokeninfo and userinfo)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      GOOGLE_CLIENT_ID: 'plume-client.apps.googleusercontent.com',
      GOOGLE_TOKENINFO_URL: google.tokeninfoUrl,
      GOOGLE_USERINFO_URL: google.userinfoUrl,
    });
  });
  afterAll(async () => {
    await app.close();
  });
  const login = (payload: object) => app.inject({ method: 'POST', url: '/api/login', payload });
  const aud = 'plume-client.apps.googleusercontent.com';

  it('exposes the client id to the browser', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/authConfig' });
    expect(json(res).success.google_client_id).toBe(aud);
  });

  it('creates a verified account on first sign-in, then signs the same account in', async () => {
    google.tokens.set('tok-new', { sub: 'g-1', email: 'Jane@Gmail.com', given_name: 'Jane', family_name: 'Doe', aud });
    const first = await login({ access_token: 'tok-new', trial_session: null, given_name: 'Ignored', family_name: 'Ignored' });
    expect(first.statusCode).toBe(200);
    expect(json(first).success).toMatchObject({
      is_new_user: true,
      service_session_id: null,
      user: { email: 'jane@gmail.com', first_name: 'Jane', last_name: 'Doe', is_verified: true },
    });
    const second = await login({ access_token: 'tok-new' });
    expect(json(second).success).toMatchObject({ is_new_user: false, user: { id: json(first).success.user.id } });
  });

  it('links a Google account to an existing password account with the same e-mail', async () => {
    const body = registerBody({ email: 'linked@example.com' });
    await app.inject({ method: 'POST', url: '/api/register', payload: body });
    google.tokens.set('tok-linked', { sub: 'g-2', email: 'linked@example.com', aud });
    const res = await login({ access_token: 'tok-linked' });
    expect(json(res).success).toMatchObject({ is_new_user: false, user: { email: 'linked@example.com', first_name: 'Marie' } });
  });

  it('refuses a token for another app, an expired token, an unknown token and an unverified e-mail', async () => {
    google.tokens.set('tok-foreign', { sub: 'g-3', email: 'f@example.com', aud: 'someone-else' });
    google.tokens.set('tok-expired', { sub: 'g-4', email: 'e@example.com', aud, expires_in: 0 });
    google.tokens.set('tok-unverified', { sub: 'g-5', email: 'u@example.com', aud, email_verified: false });
    for (const [token, code] of [
      ['tok-foreign', 'auth.google_token_invalid'],
      ['tok-expired', 'auth.google_token_invalid'],
      ['unknown', 'auth.google_token_invalid'],
      ['tok-unverified', 'auth.google_email_not_verified'],
    ]) {
      const res = await login({ access_token: token });
      expect(res.statusCode, token).toBe(403);
      expect(json(res).code).toBe(code);
    }
    const users = await app.ctx.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['f@example.com', 'e@example.com', 'u@example.com'])
      .execute();
    expect(users).toEqual([]);
  });
});

describe('Google sign-in turned off', () => {
  it('hides the button (null client id) and refuses access tokens', async () => {
    const app = await buildTestApp();
    expect(json(await app.inject({ method: 'GET', url: '/api/authConfig' })).success.google_client_id).toBeNull();
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { access_token: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('auth.google_disabled');
    await app.close();
  });
});

describe('register with the ALTCHA captcha', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ CAPTCHA_PROVIDER: 'altcha', SECRET_KEY: 'test-secret-key' });
  });
  afterAll(async () => {
    await app.close();
  });
  async function solution() {
    const res = await app.inject({ method: 'GET', url: '/api/captchaChallenge' });
    expect(res.statusCode).toBe(200);
    const challenge = json(res);
    const solved = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution: solved })).toString('base64');
  }

  it('sign-in: after a few wrong passwords, a captcha and a growing wait — never a lock against the owner', async () => {
    const account = await registerAndVerify(app, { captcha: await solution() });
    const login = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { email: account.email, ...payload }, headers: { lng: 'it' } });
    const endWait = () =>
      app.ctx.db
        .updateTable('counters')
        .set({ expires_at: Date.now() - 1 })
        .where('key', '=', `rl:login:wait:${account.email}`)
        .execute();
    for (let i = 0; i < 2; i += 1)
      expect(json(await login({ password: `wrong-${i}` }))).toMatchObject({ code: 'auth.invalid_credentials', captcha_required: false });
    const third = json(await login({ password: 'wrong-2' }));
    expect(third).toMatchObject({ code: 'auth.invalid_credentials', captcha_required: true, retry_after: 2 });

    // Too soon: told how long to wait, in the request's language — even with the right password. (The
    // wait is made to run a minute: on a loaded machine the three hashes above can outlast its 2 s.)
    await app.ctx.db
      .updateTable('counters')
      .set({ expires_at: Date.now() + 60_000 })
      .where('key', '=', `rl:login:wait:${account.email}`)
      .execute();
    const soon = await login({ password: account.password, captcha: await solution() });
    expect(soon.statusCode).toBe(429);
    expect(json(soon)).toMatchObject({ code: 'auth.login_wait', retry_after: expect.any(Number) });
    expect(json(soon).error).toMatch(/\d+ second/);
    await endWait();
    // Then the captcha is asked for; with it, the right password signs in.
    expect(json(await login({ password: account.password }))).toMatchObject({
      code: 'auth.login_captcha_required',
      captcha_required: true,
    });
    expect(json(await login({ password: 'wrong-3', captcha: await solution() }))).toMatchObject({ retry_after: 4 });
    await endWait();
    for (let i = 4; i < 12; i += 1) {
      await login({ password: `wrong-${i}`, captcha: await solution() });
      await endWait();
    }
    expect(json(await login({ password: 'wrong-12', captcha: await solution() })).retry_after).toBe(60);
    await endWait();
    const owner = await login({ password: account.password, captcha: await solution() });
    expect(owner.statusCode).toBe(200);
    // A success forgets the failures: no captcha next time.
    expect((await login({ password: account.password })).statusCode).toBe(200);
  });

  it('tells the client to show the ALTCHA widget', async () => {
    expect(json(await app.inject({ method: 'GET', url: '/api/authConfig' })).success.captcha).toBe('altcha');
  });

  it('refuses a registration without a captcha solution', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: registerBody(), headers: { lng: 'fr' } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'auth.captcha_failed', error: expect.stringMatching(/captcha/) });
  });

  it('accepts a solved challenge once and refuses its replay', async () => {
    const captcha = await solution();
    const ok = await app.inject({ method: 'POST', url: '/api/register', payload: registerBody({ captcha }) });
    expect(ok.statusCode).toBe(200);
    const replay = await app.inject({ method: 'POST', url: '/api/register', payload: registerBody({ captcha }) });
    expect(replay.statusCode).toBe(400);
    expect(json(replay).code).toBe('auth.captcha_failed');
  });
});

describe('REQUIRE_EMAIL_CONFIRMATION=true', () => {
  let app: TestApp;
  beforeAll(async () => {
    // loadConfig parses overrides like environment strings
    app = await buildTestApp({ REQUIRE_EMAIL_CONFIRMATION: 'true' as unknown as boolean });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 202, mails a link, refuses sign-in until confirmed, then lets the user in', async () => {
    const body = registerBody();
    const reg = await app.inject({ method: 'POST', url: '/api/register', payload: body, headers: { lng: 'it' } });
    expect(reg.statusCode).toBe(202);
    expect(json(reg).success).toMatchObject({ email: body.email, message: expect.any(String) });
    expect(json(reg).success.registration_ticket).toBeUndefined();

    const verify = await app.inject({
      method: 'POST',
      url: '/api/verifyRegistrationWithoutOtp',
      payload: { email: body.email, registration_ticket: 'anything' },
    });
    expect(verify.statusCode).toBe(403);
    expect(json(verify).code).toBe('auth.confirmation_required');

    const early = await app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: body.password } });
    expect(early.statusCode).toBe(403);
    expect(json(early).code).toBe('auth.user_not_allowed');

    const mail = await waitForMail(app, body.email, /confirmEmail\?token=/);
    const link = /(http:\/\/localhost:8000\/api\/confirmEmail\?token=[\w-]+&lng=it)/.exec(mail)?.[1] as string;
    expect(link).toBeDefined();
    const url = new URL(link);
    const confirm = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/it/login?confirmed=1');
    const again = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(again.headers.location).toBe('/it/login?confirmed=0');

    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
    expect(json(login).success.user.is_verified).toBe(true);
  });
});
