import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../../db';
import { startGoogleStandIn, type GoogleStandIn } from '../../../test/stand-ins/google';
import { altcha, createCaptcha, recaptcha } from './index';

let db: Db;
let dataDir: string;
let google: GoogleStandIn;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-captcha-'));
  db = createDb({ dataDir, DATABASE_URL: undefined });
  await migrateToLatest(db);
  google = await startGoogleStandIn();
});
afterAll(async () => {
  await db.destroy();
  await google.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function solved(captcha: ReturnType<typeof altcha>) {
  const challenge = await captcha.challenge!();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA', () => {
  it('accepts a solved challenge once, then refuses its replay', async () => {
    const captcha = altcha(db, 'secret-1', 200);
    const payload = await solved(captcha);
    expect(await captcha.verify(payload, '127.0.0.1')).toBe(true);
    expect(await captcha.verify(payload, '127.0.0.1')).toBe(false);
  });

  it('refuses a missing, garbled, forged or foreign-key solution', async () => {
    const captcha = altcha(db, 'secret-1', 200);
    expect(await captcha.verify(undefined, '1.1.1.1')).toBe(false);
    expect(await captcha.verify('not base64 json', '1.1.1.1')).toBe(false);
    const other = altcha(db, 'another-secret', 200);
    expect(await captcha.verify(await solved(other), '1.1.1.1')).toBe(false);
    const challenge = await captcha.challenge!();
    const forged = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00ff' } })).toString('base64');
    expect(await captcha.verify(forged, '1.1.1.1')).toBe(false);
  });

  it('none accepts anything (local automation only)', async () => {
    const captcha = createCaptcha({ CAPTCHA_PROVIDER: 'none', RECAPTCHA_SECRET_KEY: undefined, RECAPTCHA_VERIFY_URL: 'http://x' }, db, 's');
    expect(captcha.kind).toBe('none');
    expect(await captcha.verify(undefined, '1.1.1.1')).toBe(true);
  });
});

describe('reCAPTCHA adapter against a stand-in siteverify', () => {
  it('posts secret, response and remote IP and trusts only success:true', async () => {
    const captcha = recaptcha(google.siteverifyUrl, 'test-secret');
    google.recaptchaTokens.add('good-token');
    expect(await captcha.verify('good-token', '203.0.113.7')).toBe(true);
    expect(google.siteverifyCalls.at(-1)).toEqual({ secret: 'test-secret', response: 'good-token', remoteip: '203.0.113.7' });
    expect(await captcha.verify('good-token', '203.0.113.7')).toBe(false); // single use
    expect(await captcha.verify('bad-token', '203.0.113.7')).toBe(false);
    expect(await captcha.verify(undefined, '203.0.113.7')).toBe(false);
    expect(await recaptcha(google.siteverifyUrl, 'wrong-secret').verify('x', '1.1.1.1')).toBe(false);
    expect(await recaptcha('http://127.0.0.1:9/unreachable', 'test-secret').verify('x', '1.1.1.1')).toBe(false);
  });

  it('needs its secret key when chosen', () => {
    expect(() =>
      createCaptcha({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET_KEY: undefined, RECAPTCHA_VERIFY_URL: 'http://x' }, db, 's'),
    ).toThrow(/RECAPTCHA_SECRET_KEY/);
  });
});
