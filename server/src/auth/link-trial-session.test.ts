import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckpointData } from '@common/schemas/session';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { findSessionRow, insertSession } from '../books/repository';
import { linkTrialSession } from './link-trial-session';
import { newToken, hashToken } from './tokens';
import { json, registerAndVerify } from '../../test/accounts-support';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const checkpoint = (generated = ''): CheckpointData => ({
  data: [
    {
      id: 1,
      name: 'Childhood',
      questions: [{ id: 11, name: 'Where were you born?', transcript: generated ? 'In Lyon.' : '', question_category_id: 1 }],
      generated_content: generated,
      generated_count: 0,
    },
  ],
  lookups: { survey_questions: [] },
  general_category_id: 1,
  category_based_type_ids: [2],
  services_with_plans: [],
});

/** A guest's book, as the guest-creation call leaves it, and the trial_session the browser keeps. */
async function guestBook(isPayed = false) {
  const guestToken = newToken();
  const row = await insertSession(app.ctx.db, {
    user_id: null,
    guest_token_hash: hashToken(guestToken),
    service_id: 1,
    general_category_id: 1,
    book_name: 'My life',
    language: 'en',
    checkpoint: checkpoint(),
  });
  if (isPayed) await app.ctx.db.updateTable('service_sessions').set({ is_payed: 1 }).where('id', '=', row.id).execute();
  const browserCopy = {
    id: row.id,
    guest_token: guestToken,
    book_name: 'My life',
    is_payed: false,
    introduction: '',
    book_summary: '',
    checkpoint_data: checkpoint('I was born in Lyon.'),
    version: 1,
    updated_at: row.updated_at,
  };
  return { row, guestToken, trial: JSON.stringify(browserCopy) };
}

describe('linkTrialSession', () => {
  it('attaches the guest book to the user, keeps the browser’s chapter and is_payed, and clears the guest token', async () => {
    const user = await createUser(app);
    const { row, trial } = await guestBook(true);
    expect(await linkTrialSession(app.ctx, user.id, trial)).toBe(row.id);
    const linked = await findSessionRow(app.ctx.db, row.id);
    expect(linked).toMatchObject({ user_id: user.id, guest_token_hash: null, is_payed: 1, version: 2 });
    expect(JSON.parse(linked!.checkpoint_data).data[0].generated_content).toBe('I was born in Lyon.');
  });

  it('accepts the already-parsed object too', async () => {
    const user = await createUser(app);
    const { row, trial } = await guestBook();
    expect(await linkTrialSession(app.ctx, user.id, JSON.parse(trial))).toBe(row.id);
  });

  it('keeps the server checkpoint when the browser’s copy is invalid', async () => {
    const user = await createUser(app);
    const { row, guestToken } = await guestBook();
    expect(
      await linkTrialSession(
        app.ctx,
        user.id,
        JSON.stringify({ id: row.id, guest_token: guestToken, checkpoint_data: { data: 'nonsense' } }),
      ),
    ).toBe(row.id);
    const linked = await findSessionRow(app.ctx.db, row.id);
    expect(JSON.parse(linked!.checkpoint_data).data[0].generated_content).toBe('');
  });

  it('refuses a wrong guest token, an already-owned book, and unreadable input — silently', async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const { row, trial, guestToken } = await guestBook();
    expect(await linkTrialSession(app.ctx, a.id, JSON.stringify({ id: row.id, guest_token: 'wrong', checkpoint_data: {} }))).toBeNull();
    expect(await linkTrialSession(app.ctx, a.id, trial)).toBe(row.id);
    expect(await linkTrialSession(app.ctx, b.id, JSON.stringify({ id: row.id, guest_token: guestToken }))).toBeNull();
    expect((await findSessionRow(app.ctx.db, row.id))!.user_id).toBe(a.id);
    for (const bad of [
      undefined,
      null,
      '',
      '{',
      'null',
      '[]',
      42,
      '{"id":"x"}',
      JSON.stringify({ id: 99999, guest_token: 'x' }),
      JSON.stringify({ id: -1, guest_token: 'x' }),
    ]) {
      expect(await linkTrialSession(app.ctx, a.id, bad)).toBeNull();
    }
  });
});

describe('trial linking through the calls', () => {
  it('verifyRegistrationWithoutOtp returns the linked book id; it then shows up as the user’s', async () => {
    const { row, trial } = await guestBook();
    const account = await registerAndVerify(app, {}, trial);
    expect(account.service_session_id).toBe(row.id);
    expect((await findSessionRow(app.ctx.db, row.id))!.user_id).toBe(account.user.id);
  });

  it('login links the trial and never fails for an unreadable one', async () => {
    const account = await registerAndVerify(app);
    const { row, trial } = await guestBook();
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: account.email, password: account.password, trial_session: trial },
    });
    expect(json(res).success.service_session_id).toBe(row.id);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: account.email, password: account.password, trial_session: '{not json' },
    });
    expect(broken.statusCode).toBe(200);
    expect(json(broken).success.service_session_id).toBeNull();
  });

  it('the paywall holds at sign-in: locked chapters, server-kept fields and counts stay as stored', async () => {
    const account = await registerAndVerify(app);
    const guestToken = newToken();
    const stored = buildCheckpoint(3);
    stored.data[0].generated_count = 2;
    stored.language = 'en';
    const row = await createBook(app, { guestToken }, { checkpoint: stored });
    const forged = structuredClone(stored);
    forged.data[0].generated_count = 0; // regeneration count "reset"
    forged.data[0].questions[0].transcript = 'My free chapter answer';
    forged.language = 'fr';
    forged.general_category_id = 9;
    const login = (checkpoint_data: CheckpointData, version = row.version) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: {
          email: account.email,
          password: account.password,
          trial_session: JSON.stringify({ id: row.id, guest_token: guestToken, checkpoint_data, version, is_payed: true }),
        },
      });

    // a locked chapter filled in: the whole copy is refused, the book is still linked, unchanged
    const locked = structuredClone(forged);
    locked.data[2].generated_content = 'A chapter nobody paid for';
    const first = await login(locked);
    expect(json(first).success.service_session_id).toBe(row.id);
    const afterLocked = await findSessionRow(app.ctx.db, row.id);
    expect(afterLocked).toMatchObject({ user_id: account.user.id, is_payed: 0, version: row.version });
    expect(JSON.parse(afterLocked!.checkpoint_data)).toEqual(stored);
  });

  it('at sign-in the allowed part of the browser’s copy is saved like a save: server fields kept, stale versions refused', async () => {
    const account = await registerAndVerify(app);
    const guestToken = newToken();
    const stored: CheckpointData = { ...buildCheckpoint(3), language: 'en' };
    stored.data[0].generated_count = 2;
    const row = await createBook(app, { guestToken }, { checkpoint: stored });
    const copy = structuredClone(stored);
    copy.data[0].generated_count = 0;
    copy.data[0].questions[0].transcript = 'Written offline';
    copy.language = 'fr';
    const trial = (version: number) => JSON.stringify({ id: row.id, guest_token: guestToken, checkpoint_data: copy, version });

    // a copy based on an older version than the server's: the server copy stays
    await app.ctx.db
      .updateTable('service_sessions')
      .set({ version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
    const other = await createUser(app);
    const guest2 = newToken();
    const row2 = await createBook(app, { guestToken: guest2 }, { checkpoint: stored });
    expect(
      await linkTrialSession(
        app.ctx,
        other.id,
        JSON.stringify({ id: row2.id, guest_token: guest2, checkpoint_data: copy, version: row2.version - 1 }),
      ),
    ).toBe(row2.id);
    expect(JSON.parse((await findSessionRow(app.ctx.db, row2.id))!.checkpoint_data)).toEqual(stored);

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: account.email, password: account.password, trial_session: trial(row.version + 1) },
    });
    expect(json(login).success.service_session_id).toBe(row.id);
    const saved = await findSessionRow(app.ctx.db, row.id);
    const checkpoint = JSON.parse(saved!.checkpoint_data) as CheckpointData;
    expect(checkpoint.data[0].questions[0].transcript).toBe('Written offline');
    expect(checkpoint.data[0].generated_count).toBe(2);
    expect(checkpoint.language).toBe('en');
    expect(saved).toMatchObject({ user_id: account.user.id, version: row.version + 2 });
  });
});
