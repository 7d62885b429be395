import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { LIMITS } from './service';
import { hashToken } from './tokens';
import { json, registerAndVerify, registerBody, waitForMail } from '../../test/accounts-support';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/${url}`, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('register and verifyRegistrationWithoutOtp', () => {
  it('refuses incomplete or malformed input with 400', async () => {
    expect((await post('register', { email: 'a@b.co' })).statusCode).toBe(400);
    expect((await post('register', registerBody({ email: 'not-an-email' }))).statusCode).toBe(400);
    expect((await post('register', registerBody({ email: `${'x'.repeat(320)}@example.com` }))).statusCode).toBe(400);
  });

  it('refuses different passwords and short passwords with translated messages', async () => {
    const mismatch = await post('register', registerBody({ confirm_password: 'something else' }), { lng: 'fr' });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({ code: 'auth.password_mismatch', error: 'Les mots de passe ne correspondent pas.' });
    const short = await post('register', registerBody({ password: 'short', confirm_password: 'short' }));
    expect(json(short).code).toBe('auth.password_too_short');
    expect(json(short).error).toContain('8');
  });

  it('creates a verified account (200 with a ticket), then signs in once with that ticket', async () => {
    const body = registerBody({ email: 'Marie.Curie@Example.com' });
    const reg = await post('register', body);
    expect(reg.statusCode).toBe(200);
    const { registration_ticket, email } = json(reg).success;
    expect(email).toBe('marie.curie@example.com');
    expect(registration_ticket).toEqual(expect.any(String));

    const res = await post('verifyRegistrationWithoutOtp', { email: body.email, registration_ticket, trial_session: null });
    expect(res.statusCode).toBe(200);
    const success = json(res).success;
    expect(success).toMatchObject({ is_new_user: true, service_session_id: null });
    expect(success.user).toEqual({
      id: expect.any(Number),
      first_name: 'Marie',
      last_name: 'Curie',
      email: 'marie.curie@example.com',
      city: 'Paris',
      is_verified: true,
      coupon_code: null,
    });
    expect((await get('getUser', bearer(success.token))).statusCode).toBe(200);

    // the password is stored as an argon2id hash, the token only as its SHA-256
    const row = await app.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'marie.curie@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const token = await app.ctx.db
      .selectFrom('auth_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(success.token))
      .executeTakeFirstOrThrow();
    const days = (Date.parse(token.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // single use
    const again = await post('verifyRegistrationWithoutOtp', { email: body.email, registration_ticket });
    expect(again.statusCode).toBe(403);
    expect(json(again).code).toBe('auth.registration_ticket_invalid');
    await waitForMail(app, 'marie.curie@example.com', /Welcome to Plume/);
  });

  it('answers 409 for an e-mail already registered, whatever its case', async () => {
    await registerAndVerify(app, { email: 'taken@example.com' });
    const res = await post('register', registerBody({ email: 'TAKEN@example.com' }), { lng: 'es' });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('auth.email_taken');
    expect(json(res).error).toMatch(/Ya existe una cuenta/);
  });

  it('refuses verify-without-OTP abuse: no ticket, a guessed ticket, or another account’s ticket', async () => {
    const victim = await registerAndVerify(app);
    const attacker = registerBody();
    const reg = await post('register', attacker);
    const attackerTicket = json(reg).success.registration_ticket;
    expect((await post('verifyRegistrationWithoutOtp', { email: victim.email })).statusCode).toBe(400);
    expect((await post('verifyRegistrationWithoutOtp', { email: victim.email, registration_ticket: 'guess' })).statusCode).toBe(403);
    const crossed = await post('verifyRegistrationWithoutOtp', { email: victim.email, registration_ticket: attackerTicket });
    expect(crossed.statusCode).toBe(403);
    expect(json(crossed).code).toBe('auth.registration_ticket_invalid');
    // the attacker's own ticket still works for the attacker's own account
    expect((await post('verifyRegistrationWithoutOtp', { email: attacker.email, registration_ticket: attackerTicket })).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired registration ticket', async () => {
    const body = registerBody();
    const ticket = json(await post('register', body)).success.registration_ticket;
    await app.ctx.db
      .updateTable('account_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(ticket))
      .execute();
    expect((await post('verifyRegistrationWithoutOtp', { email: body.email, registration_ticket: ticket })).statusCode).toBe(403);
  });
});

describe('login', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const account = await registerAndVerify(app);
    const res = await post('login', { email: account.email.toUpperCase(), password: account.password, trial_session: null });
    expect(res.statusCode).toBe(200);
    const success = json(res).success;
    expect(success).toMatchObject({
      token: expect.any(String),
      is_new_user: false,
      service_session_id: null,
      user: { email: account.email, is_verified: true },
    });
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const account = await registerAndVerify(app);
    const wrong = await post('login', { email: account.email, password: 'not the password' }, { lng: 'it' });
    const unknown = await post('login', { email: 'nobody@example.com', password: 'whatever1' }, { lng: 'it' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(json(wrong)).toEqual(json(unknown));
    expect(json(wrong)).toMatchObject({ code: 'auth.invalid_credentials', error: expect.stringMatching(/non sono corretti/) });
  });

  it('refuses an unverified user with "user not allowed"', async () => {
    const account = await registerAndVerify(app);
    await app.ctx.db.updateTable('users').set({ is_verified: 0 }).where('id', '=', account.user.id).execute();
    const res = await post('login', { email: account.email, password: account.password });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('auth.user_not_allowed');
    // and an existing token stops working
    expect((await get('getUser', bearer(account.token))).statusCode).toBe(401);
    expect((await post('refreshToken', {}, bearer(account.token))).statusCode).toBe(403);
  });

  it('wrong passwords for one e-mail never lock the owner out (captcha off: only a short growing wait)', async () => {
    const account = await registerAndVerify(app);
    for (let i = 0; i < 6; i += 1) {
      await app.ctx.db.deleteFrom('counters').where('key', '=', `rl:login:wait:${account.email}`).execute();
      expect((await post('login', { email: account.email, password: `wrong-${i}` }, {}, '10.1.0.1')).statusCode).toBe(400);
    }
    const soon = await post('login', { email: account.email, password: account.password }, { lng: 'fr' }, '10.1.0.2');
    expect(soon.statusCode).toBe(429);
    expect(json(soon)).toMatchObject({ code: 'auth.login_wait', retry_after: 16 });
    expect(json(soon).error).toContain('16');
    await app.ctx.db.deleteFrom('counters').where('key', '=', `rl:login:wait:${account.email}`).execute();
    expect((await post('login', { email: account.email, password: account.password }, {}, '10.1.0.2')).statusCode).toBe(200);
    // another account is not affected
    const other = await registerAndVerify(app);
    expect((await post('login', { email: other.email, password: other.password }, {}, '10.1.0.3')).statusCode).toBe(200);
  });

  it('limits login attempts per IP', async () => {
    let last = 0;
    for (let i = 0; i < 101; i += 1) {
      last = (await post('login', { email: `x${i}@example.com`, password: 'p' }, {}, '10.9.9.9')).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('tokens: refresh, getUser, revoke', () => {
  it('refreshToken gives a new token and the same user; getUser answers 401 without a token', async () => {
    const account = await registerAndVerify(app);
    const res = await post('refreshToken', {}, bearer(account.token));
    expect(res.statusCode).toBe(200);
    const { token, user } = json(res).success;
    expect(token).not.toBe(account.token);
    expect(user).toMatchObject({ id: account.user.id, is_verified: true });
    expect((await get('getUser', bearer(token))).statusCode).toBe(200);
    expect((await get('getUser')).statusCode).toBe(401);
    expect((await post('refreshToken', {})).statusCode).toBe(401);
    expect((await post('refreshToken', {}, bearer('nonsense'))).statusCode).toBe(401);
  });

  it('sets the token in an HttpOnly SameSite=Lax cookie: 30 days with remember me, a browser session without', async () => {
    const account = await registerAndVerify(app);
    const remembered = await post('login', { email: account.email, password: account.password, remember_me: true });
    const cookies = remembered.cookies as Array<{
      name: string;
      value: string;
      httpOnly?: boolean;
      sameSite?: string;
      maxAge?: number;
      secure?: boolean;
    }>;
    const token = cookies.find((c) => c.name === 'plume_token')!;
    expect(token).toMatchObject({ value: json(remembered).success.token, httpOnly: true, sameSite: 'Lax', maxAge: 30 * 86_400 });
    expect(token.secure).toBeFalsy(); // plain http here; over https it is Secure (below)
    expect(cookies.find((c) => c.name === 'plume_signed_in')).toMatchObject({ value: '1', maxAge: 30 * 86_400 });
    expect(cookies.find((c) => c.name === 'plume_signed_in')?.httpOnly).toBeFalsy();
    const session = await post('login', { email: account.email, password: account.password });
    expect((session.cookies as Array<{ name: string; maxAge?: number }>).find((c) => c.name === 'plume_token')?.maxAge).toBeUndefined();
    const res = await get('getUser', { cookie: `plume_token=${token.value}` });
    expect(res.statusCode).toBe(200);
    expect(json(res).success.email).toBe(account.email);
  });

  it('never accepts the old script-readable `token` cookie, nor the session cookie on a request from another site', async () => {
    const account = await registerAndVerify(app);
    expect((await get('getUser', { cookie: `token=${account.token}` })).statusCode).toBe(401);
    expect((await post('revokeToken', {}, { cookie: `plume_token=${account.token}`, origin: 'https://evil.example' })).statusCode).toBe(
      401,
    );
    expect((await get('getUser', bearer(account.token))).statusCode).toBe(200);
  });

  it('a token rotates once: during its grace the old one is answered with itself and mints nothing', async () => {
    const account = await registerAndVerify(app);
    const first = await post('refreshToken', {}, bearer(account.token));
    const fresh = json(first).success.token as string;
    expect(fresh).not.toBe(account.token);
    const again = await post('refreshToken', {}, bearer(account.token));
    expect(again.statusCode).toBe(200);
    expect(json(again).success.token).toBe(account.token);
    expect(again.headers['set-cookie']).toBeUndefined();
    const count = await app.ctx.db
      .selectFrom('auth_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', account.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2); // the registration's token and its one successor
    const old = await app.ctx.db
      .selectFrom('auth_tokens')
      .select('expires_at')
      .where('token_hash', '=', hashToken(account.token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(old.expires_at)).toBeLessThanOrEqual(Date.now() + 60_000);
    // the successor rotates normally, through the cookie too, and keeps remember me
    const viaCookie = await post('refreshToken', {}, { cookie: `plume_token=${fresh}` });
    expect(viaCookie.statusCode).toBe(200);
    expect(json(viaCookie).success.token).not.toBe(fresh);
  });

  it('answers with Cache-Control: no-store on personal data and tokens; HSTS only over https', async () => {
    const account = await registerAndVerify(app);
    const login = await post('login', { email: account.email, password: account.password });
    const responses = [
      login,
      await post('refreshToken', {}, bearer(account.token)),
      await get('getUser', bearer(json(login).success.token)),
      await get('getUserSessions', bearer(json(login).success.token)),
      await post('register', registerBody()),
    ];
    for (const res of responses) expect(res.headers['cache-control']).toBe('no-store');
    expect(login.headers['strict-transport-security']).toBeUndefined();
  });

  it('over https (behind a trusted proxy): Secure cookies and HSTS', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 1 });
    try {
      const account = await registerAndVerify(proxied);
      const https = { 'x-forwarded-proto': 'https' };
      const login = await proxied.inject({
        method: 'POST',
        url: '/api/login',
        headers: https,
        payload: { email: account.email, password: account.password },
      });
      expect(login.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const cookies = login.cookies as Array<{ name: string; secure?: boolean }>;
      expect(cookies.find((c) => c.name === 'plume_token')?.secure).toBe(true);
      const plain = await proxied.inject({ method: 'GET', url: '/api/getUser', headers: { authorization: `Bearer ${account.token}` } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('behind a trusted proxy, limits count the address the proxy saw: a client’s own X-Forwarded-For neither escapes them nor breaks them', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 1 });
    try {
      // the proxy appends the address it saw (203.0.113.7) to what the client sent
      const forgot = (forwardedFor: string, n: number) =>
        proxied.inject({
          method: 'POST',
          url: '/api/forgotPassword',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: `nobody${n}@example.com` },
        });
      for (let n = 0; n < LIMITS.forgotPerIp.max; n += 1) expect((await forgot(`10.0.${n}.1, 203.0.113.7`, n)).statusCode).toBe(200);
      expect((await forgot('10.0.99.1, 203.0.113.7', 99)).statusCode).toBe(429);
      // no proxy's address at all, a long random text instead (PostgreSQL's index refused it as a key): counted as its socket's
      const made = await forgot(crypto.randomBytes(3000).toString('base64'), 100);
      expect(made.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('rejects a token after logout (revokeToken)', async () => {
    const account = await registerAndVerify(app);
    expect((await post('revokeToken', {})).statusCode).toBe(401);
    const res = await post('revokeToken', {}, bearer(account.token));
    expect(res.statusCode).toBe(200);
    expect(json(res).success).toBe(true);
    expect((await get('getUser', bearer(account.token))).statusCode).toBe(401);
    expect((await post('refreshToken', {}, bearer(account.token))).statusCode).toBe(401);
  });

  it('rejects an expired token', async () => {
    const account = await registerAndVerify(app);
    await app.ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(account.token))
      .execute();
    expect((await get('getUser', bearer(account.token))).statusCode).toBe(401);
  });
});

describe('forgotPassword and resetPassword', () => {
  it('answers the same whether or not the address exists, and mails a reset link for a real one', async () => {
    const account = await registerAndVerify(app);
    const known = await post('forgotPassword', { email: account.email }, { lng: 'fr' });
    const unknown = await post('forgotPassword', { email: 'ghost@example.com' }, { lng: 'fr' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(json(known)).toEqual(json(unknown));
    const mail = await waitForMail(app, account.email, /reset-password\?token=/);
    expect(mail).toMatch(/Subject: =\?UTF-8\?|Subject: Choisissez/);
    expect(mail).toContain('Content-Type: text/html');
    const link = /(http:\/\/localhost:8000\/fr\/reset-password\?token=[\w-]+)/.exec(mail)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get('token') as string;

    const mismatch = await post('resetPassword', { token, password: 'new password 1', confirm_password: 'new password 2' });
    expect(json(mismatch).code).toBe('auth.password_mismatch');
    const reset = await post('resetPassword', { token, password: 'brand new secret', confirm_password: 'brand new secret' });
    expect(reset.statusCode).toBe(200);
    expect(json(reset).success.message).toEqual(expect.any(String));

    // old password and old sessions are gone; the new password works
    expect((await post('login', { email: account.email, password: account.password })).statusCode).toBe(400);
    expect((await get('getUser', bearer(account.token))).statusCode).toBe(401);
    expect((await post('login', { email: account.email, password: 'brand new secret' })).statusCode).toBe(200);

    // the link works once
    const reused = await post('resetPassword', { token, password: 'third secret!', confirm_password: 'third secret!' });
    expect(reused.statusCode).toBe(400);
    expect(json(reused).code).toBe('auth.reset_token_invalid');
  });

  it('refuses an expired reset token', async () => {
    const account = await registerAndVerify(app);
    await post('forgotPassword', { email: account.email });
    const mail = await waitForMail(app, account.email, /reset-password\?token=/);
    const token = /reset-password\?token=([\w-]+)/.exec(mail)?.[1] as string;
    await app.ctx.db
      .updateTable('account_tickets')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await post('resetPassword', { token, password: 'brand new secret', confirm_password: 'brand new secret' });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('auth.reset_token_invalid');
  });

  it('stops mailing after a few requests for one address but keeps the same answer', async () => {
    const account = await registerAndVerify(app);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await post('forgotPassword', { email: account.email }, {}, '10.2.0.1'));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const { outbox } = await import('../../test/accounts-support');
    const resetMails = () => outbox(app).filter((m) => m.includes(`To: ${account.email}`) && m.includes('reset-password')).length;
    await vi.waitFor(() => expect(resetMails()).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 10 });
    expect(resetMails()).toBe(3);
  });
});

describe('profile', () => {
  it('reads and updates the signed-in user; the e-mail cannot change', async () => {
    const user = await createUser(app);
    const profile = await get('getUser', user.headers);
    expect(profile.statusCode).toBe(200);
    expect(json(profile).success).toMatchObject({ id: user.id, email: user.email });
    const res = await app.inject({
      method: 'POST',
      url: '/api/postUpSertUser',
      headers: { ...user.headers, lng: 'es' },
      payload: { id: user.id, first_name: 'Grace', last_name: 'Hopper', city: 'New York', email: 'evil@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).success.user).toMatchObject({
      id: user.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      city: 'New York',
      email: user.email,
    });
    expect(json(res).success.message).toBe('Tu perfil se ha actualizado.');
  });

  it('keeps a name holding an invisible NUL, on either database (PostgreSQL’s text cannot hold one)', async () => {
    const user = await createUser(app);
    const res = await post(
      'postUpSertUser',
      { id: user.id, first_name: 'Gr\u0000ace', last_name: 'Hopper', city: 'New York' },
      user.headers,
    );
    expect(res.statusCode).toBe(200);
    const stored = json(await get('getUser', user.headers)).success as { first_name: string };
    expect(stored.first_name.replaceAll('\u0000', '')).toBe('Grace');
  });

  it('refuses another user’s id (403) and anonymous calls (401)', async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    expect((await post('postUpSertUser', { id: b.id, first_name: 'X', last_name: 'Y', city: 'Z' }, a.headers)).statusCode).toBe(403);
    expect((await post('postUpSertUser', { id: a.id, first_name: 'X', last_name: 'Y', city: 'Z' })).statusCode).toBe(401);
    expect((await get('getUser')).statusCode).toBe(401);
  });

  it('authConfig tells the client what to show', async () => {
    expect(json(await get('authConfig'))).toEqual({ success: { google_client_id: null, captcha: 'none', recaptcha_site_key: null } });
  });
});
