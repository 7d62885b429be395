import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsTo } from '../../test/requests';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { multipart } from '../../test/fixtures/books/forms';
import { outboxDir } from '../providers/mail';
import { pdfText } from '../../test/export-support';

/**
 * Family contributions (issue 19 items 1, 2, 3 and 5): invitations scoped to a book, a chapter and
 * chosen questions; relatives answer without an account through the link; the author decides; the
 * ownership matrix and the link's lifetime.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});
const { post, get } = requestsTo(() => app);

const asRelative = (token: string, lng = 'en') => ({ 'x-invitation-token': token, lng });
const relativeGet = (url: string, token: string) => app.inject({ method: 'GET', url, headers: asRelative(token) });
const relativePost = (url: string, token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: asRelative(token), payload });
const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
const mails = () => {
  const dir = outboxDir(app.ctx.config);
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(`${dir}/${f}`, 'utf8')) : [];
};

async function invite(user: TestUser, bookId: number, extra: Record<string, unknown> = {}) {
  const res = await post(
    '/api/createFamilyInvitation',
    {
      service_session_id: bookId,
      contributor_name: 'Marie',
      relation: 'sister',
      language: 'fr',
      message: 'Tu te souviens de la crue ?',
      permission: 'answer',
      chapter_id: 1,
      question_ids: [10],
      ...extra,
    },
    user,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().success as { id: number; url: string; state: string; question_ids: number[] };
}

describe('invitations', () => {
  it('a relative answers a chosen question by link, edits it, and the author sees it under the question', async () => {
    const author = await createUser(app, { first_name: 'Jeanne', language: 'fr' });
    const book = await createBook(app, { userId: author.id }, { paid: true, bookName: 'Ma vie' });
    const invitation = await invite(author, book.id, { email: 'marie@example.com' });
    expect(invitation.url).toMatch(/\/fr\/contribute#[\w-]{20,}$/);
    expect(invitation.state).toBe('active');
    // the relative is e-mailed in their language, with the author's message and the link
    expect(
      mails().some((m) => m.includes('marie@example.com') && m.includes('Tu te souviens de la crue') && m.includes('contribute#')),
    ).toBe(true);

    const token = tokenOf(invitation.url);
    const view = await relativeGet('/api/contributorInvitation', token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().success).toMatchObject({
      book_name: 'Ma vie',
      author_name: 'Jeanne',
      contributor_name: 'Marie',
      message: 'Tu te souviens de la crue ?',
      chapter: { id: 1, name: 'Chapter 1', text: null },
      questions: [{ id: 10, name: 'Question 1' }],
    });

    const saved = await relativePost('/api/saveFamilyContribution', token, {
      question_id: 10,
      text: 'The water came up to the bakery door.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = await relativePost('/api/saveFamilyContribution', token, {
      question_id: 10,
      text: 'The water reached the bakery door in 1953.',
    });
    expect(edited.json().success.contributions).toHaveLength(1);

    const list = (await get(`/api/familyContributions/${book.id}`, author)).json().success;
    expect(list).toEqual([
      expect.objectContaining({
        contributor_name: 'Marie',
        relation: 'sister',
        question_id: 10,
        text: 'The water reached the bakery door in 1953.',
        status: 'pending',
      }),
    ]);
    // the author is told once a day per book, in their language
    expect(mails().filter((m) => m.includes(author.email)).length).toBe(1);
  });

  it('the author accepts, quotes with an edit, dismisses and reopens; an accepted answer can no longer be changed by the relative', async () => {
    const author = await createUser(app);
    const book = await createBook(app, { userId: author.id }, { paid: true });
    const token = tokenOf((await invite(author, book.id)).url);
    const view = (await relativePost('/api/saveFamilyContribution', token, { question_id: 10, text: 'We rowed to school.' })).json()
      .success;
    const id = view.contributions[0].id;

    const quoted = await post(
      '/api/decideFamilyContribution',
      { service_session_id: book.id, contribution_id: id, status: 'quoted', text: 'We rowed to school that spring.' },
      author,
    );
    expect(quoted.json().success).toMatchObject({
      status: 'quoted',
      text: 'We rowed to school that spring.',
      original_text: 'We rowed to school.',
    });
    const refused = await relativePost('/api/saveFamilyContribution', token, { question_id: 10, text: 'changed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('family.already_accepted');

    const reopened = await post(
      '/api/decideFamilyContribution',
      { service_session_id: book.id, contribution_id: id, status: 'pending', text: null },
      author,
    );
    expect(reopened.json().success).toMatchObject({ status: 'pending', text: 'We rowed to school.' });
    expect((await relativePost('/api/saveFamilyContribution', token, { question_id: 10, text: 'We rowed, then walked.' })).statusCode).toBe(
      200,
    );
  });

  it('a link opens only its own questions; read-only links read the chapter and cannot answer', async () => {
    const author = await createUser(app);
    const book = await createBook(app, { userId: author.id }, { paid: true });
    const token = tokenOf((await invite(author, book.id)).url);
    for (const question_id of [11, 20, null]) {
      const res = await relativePost('/api/saveFamilyContribution', token, { question_id, text: 'x' });
      expect(res.statusCode, `question ${question_id}`).toBe(400);
    }
    const memories = tokenOf((await invite(author, book.id, { question_ids: [] })).url);
    expect((await relativePost('/api/saveFamilyContribution', memories, { text: 'A memory of the whole chapter.' })).statusCode).toBe(200);
    expect((await relativePost('/api/saveFamilyContribution', memories, { question_id: 10, text: 'x' })).statusCode).toBe(400);

    const reader = tokenOf((await invite(author, book.id, { permission: 'read' })).url);
    const readView = (await relativeGet('/api/contributorInvitation', reader)).json().success;
    expect(readView).toMatchObject({ permission: 'read', questions: [], contributions: [] });
    expect((await relativePost('/api/saveFamilyContribution', reader, { question_id: 10, text: 'x' })).statusCode).toBe(403);
  });

  it('unpaid books invite relatives to the free chapter only; questions must belong to the chapter', async () => {
    const author = await createUser(app);
    const book = await createBook(app, { userId: author.id });
    await invite(author, book.id);
    const locked = await post(
      '/api/createFamilyInvitation',
      {
        service_session_id: book.id,
        contributor_name: 'Paul',
        relation: 'son',
        language: 'en',
        permission: 'answer',
        chapter_id: 2,
        question_ids: [20],
      },
      author,
    );
    expect(locked.statusCode).toBe(402);
    const wrong = await post(
      '/api/createFamilyInvitation',
      {
        service_session_id: book.id,
        contributor_name: 'Paul',
        relation: 'son',
        language: 'en',
        permission: 'answer',
        chapter_id: 1,
        question_ids: [20],
      },
      author,
    );
    expect(wrong.statusCode).toBe(400);
  });

  it('a revoked link stops at once, an expired one too, and both look like an unknown link', async () => {
    const author = await createUser(app);
    const book = await createBook(app, { userId: author.id }, { paid: true });
    const invitation = await invite(author, book.id);
    const token = tokenOf(invitation.url);
    expect((await relativeGet('/api/contributorInvitation', token)).statusCode).toBe(200);
    const revoked = await post('/api/revokeFamilyInvitation', { service_session_id: book.id, invitation_id: invitation.id }, author);
    expect(revoked.json().success.state).toBe('revoked');
    const after = await relativeGet('/api/contributorInvitation', token);
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('family.link_invalid');

    const expiring = await invite(author, book.id);
    await app.ctx.db
      .updateTable('family_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expect((await relativeGet('/api/contributorInvitation', tokenOf(expiring.url))).statusCode).toBe(404);
    expect((await relativeGet('/api/contributorInvitation', 'not-a-real-token-at-all')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/contributorInvitation' })).statusCode).toBe(401);
    const states = (await get(`/api/familyInvitations/${book.id}`, author)).json().success.map((i: { state: string }) => i.state);
    expect(states.sort()).toEqual(['expired', 'revoked']);
  });
});

describe('ownership', () => {
  it('another user reaches none of the author calls; a relative reaches only their own contributions and photos', async () => {
    const author = await createUser(app);
    const stranger = await createUser(app);
    const book = await createBook(app, { userId: author.id }, { paid: true });
    const first = tokenOf((await invite(author, book.id)).url);
    const second = tokenOf((await invite(author, book.id, { contributor_name: 'Paul', question_ids: [11] })).url);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c96' } })
      .jpeg()
      .toBuffer();
    const form = multipart({ question_id: '10', text: 'With a photo of the flood.' }, [
      { field: 'photo', filename: 'flood.jpg', contentType: 'image/jpeg', data: photo },
    ]);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/saveFamilyContribution',
      headers: { ...asRelative(first), ...form.headers },
      payload: form.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const contribution = saved.json().success.contributions[0];
    expect(contribution.has_photo).toBe(true);

    expect((await relativeGet(`/api/contributorPhoto/${contribution.id}`, first)).statusCode).toBe(200);
    expect((await relativeGet(`/api/contributorPhoto/${contribution.id}`, second)).statusCode).toBe(404);
    expect((await relativePost('/api/deleteFamilyContribution', second, { contribution_id: contribution.id })).statusCode).toBe(404);
    expect((await get(`/api/familyContributionPhoto/${book.id}/${contribution.id}`, author)).headers['content-type']).toBe('image/jpeg');

    for (const url of [
      `/api/familyInvitations/${book.id}`,
      `/api/familyContributions/${book.id}`,
      `/api/familyContributionPhoto/${book.id}/${contribution.id}`,
    ]) {
      expect((await get(url, stranger)).statusCode, url).toBe(404);
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const decide = await post(
      '/api/decideFamilyContribution',
      { service_session_id: book.id, contribution_id: contribution.id, status: 'accepted' },
      stranger,
    );
    expect(decide.statusCode).toBe(404);
    // a relative's token is not an author's credential
    expect((await app.inject({ method: 'GET', url: `/api/familyContributions/${book.id}`, headers: asRelative(first) })).statusCode).toBe(
      401,
    );
  });

  it('a relative deletes their own answer; deleting the book deletes every invitation and contribution', async () => {
    const author = await createUser(app);
    const book = await createBook(app, { userId: author.id }, { paid: true });
    const token = tokenOf((await invite(author, book.id)).url);
    const view = (await relativePost('/api/saveFamilyContribution', token, { question_id: 10, text: 'Mine to take back.' })).json().success;
    const deleted = await relativePost('/api/deleteFamilyContribution', token, { contribution_id: view.contributions[0].id });
    expect(deleted.json().success.contributions).toEqual([]);

    await relativePost('/api/saveFamilyContribution', token, { question_id: 10, text: 'Again.' });
    expect((await post('/api/deleteSessionById', { id: book.id }, author)).statusCode).toBe(200);
    expect((await relativeGet('/api/contributorInvitation', token)).statusCode).toBe(404);
    const left = await app.ctx.db.selectFrom('family_contributions').select('id').where('service_session_id', '=', book.id).execute();
    expect(left).toEqual([]);
  });
});

describe('in the book', () => {
  it('the chapter keeps accepted and quoted memories word for word, introduced by the relative, with their provenance', async () => {
    const author = await createUser(app);
    const checkpoint = buildCheckpoint(2);
    checkpoint.language = 'fr';
    checkpoint.lookups.survey_questions = [];
    const book = await createBook(app, { userId: author.id }, { paid: true, checkpoint, language: 'fr' });
    const marie = await invite(author, book.id, { relation: 'ma sœur' });
    const paul = await invite(author, book.id, { contributor_name: 'Paul', relation: 'mon fils', question_ids: [] });
    const lucie = await invite(author, book.id, { contributor_name: 'Lucie', relation: 'ma nièce', question_ids: [11] });
    const idOf = async (token: string, payload: Record<string, unknown>) =>
      (await relativePost('/api/saveFamilyContribution', token, payload)).json().success.contributions[0].id as number;
    const fromMarie = await idOf(tokenOf(marie.url), { question_id: 10, text: "L'eau montait jusqu'à la porte de la boulangerie." });
    const fromPaul = await idOf(tokenOf(paul.url), { text: 'Papa racontait la guerre le soir.' });
    await idOf(tokenOf(lucie.url), { question_id: 11, text: 'Pending, so never in the book.' });
    const decide = (contribution_id: number, status: string, text?: string) =>
      post('/api/decideFamilyContribution', { service_session_id: book.id, contribution_id, status, ...(text && { text }) }, author);
    await decide(fromMarie, 'accepted');
    await decide(fromPaul, 'quoted', 'Papa racontait la guerre, le soir, près du poêle.');

    const data = {
      ...checkpoint.data[0],
      questions: checkpoint.data[0].questions.map((q, i) => ({
        ...q,
        transcript: i === 0 ? 'La crue de 1953 a tout emporté dans notre rue.' : 'Nous sommes partis chez ma tante à Lyon.',
      })),
    };
    const res = await post(
      '/api/getStoryAnswer',
      { data, service_session_id: book.id, selected_survey_questions: [], index: 0, isPayed: true, user: null },
      author,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { content, content_json } = res.json().success;
    const paragraphs = JSON.parse(content_json) as {
      text: string;
      question_ids: number[];
      contributions?: { id: number; contributor_id: number }[];
    }[];
    const passageOfMarie = paragraphs.findIndex((p) => p.contributions?.[0]?.id === fromMarie);
    expect(paragraphs[passageOfMarie]).toMatchObject({
      text: 'Comme s’en souvient Marie, ma sœur\u00a0: «\u00a0L’eau montait jusqu’à la porte de la boulangerie.\u00a0»',
      question_ids: [10],
      contributions: [{ id: fromMarie, contributor_id: marie.id }],
    });
    // right after the author's own paragraph on the same question
    expect(paragraphs[passageOfMarie - 1].question_ids).toContain(10);
    expect(paragraphs.at(-1)).toMatchObject({ contributions: [{ id: fromPaul, contributor_id: paul.id }], question_ids: [] });
    expect(paragraphs.at(-1)!.text).toContain('Paul, mon fils');
    expect(paragraphs.at(-1)!.text).toContain('près du poêle');
    expect(content).not.toContain('Pending');
  });

  it('the PDF and EPUB credit, on a page of their own, the relatives whose memories the author kept (issue 19 item 4)', async () => {
    const author = await createUser(app, { first_name: 'Jeanne', language: 'fr' });
    const other = await createUser(app);
    const checkpoint = buildCheckpoint(1);
    checkpoint.language = 'fr';
    checkpoint.data[0].generated_content = 'La crue de 1953 a tout emporté dans notre rue.\n\nNous sommes partis chez ma tante à Lyon.';
    const book = await createBook(app, { userId: author.id }, { paid: true, checkpoint, language: 'fr' });
    const marie = await invite(author, book.id, { relation: 'ma sœur' });
    const again = await invite(author, book.id, { relation: 'ma sœur', question_ids: [11] });
    const lucie = await invite(author, book.id, { contributor_name: 'Lucie', relation: 'ma nièce', question_ids: [11] });
    const idOf = async (token: string, payload: Record<string, unknown>) =>
      (await relativePost('/api/saveFamilyContribution', token, payload)).json().success.contributions[0].id as number;
    const decide = (contribution_id: number, status: string) =>
      post('/api/decideFamilyContribution', { service_session_id: book.id, contribution_id, status }, author);
    await decide(await idOf(tokenOf(marie.url), { question_id: 10, text: "L'eau montait." }), 'accepted');
    await decide(await idOf(tokenOf(again.url), { question_id: 11, text: 'Chez la tante.' }), 'quoted');
    await idOf(tokenOf(lucie.url), { question_id: 11, text: 'Pending, so not credited.' });

    // Marie once (two links, the same person); Lucie, still waiting, not at all
    const credits = await get(`/api/familyCredits/${book.id}`, author);
    expect(credits.statusCode, credits.body).toBe(200);
    expect(credits.json().success).toEqual([{ name: 'Marie', relation: 'ma sœur' }]);
    expect((await get(`/api/familyCredits/${book.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/familyCredits/${book.id}`)).statusCode).toBe(401);
    // the author may leave a relative off the page, and name them again; nobody else may
    const setCredit = (credited: boolean, user = author) =>
      post('/api/setFamilyCredit', { service_session_id: book.id, invitation_id: marie.id, credited }, user);
    expect((await setCredit(false, other)).statusCode).toBe(404);
    const off = await setCredit(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().success).toMatchObject({ id: marie.id, credited: false, contributions: 1 });
    expect((await get(`/api/familyCredits/${book.id}`, author)).json().success).toEqual([{ name: 'Marie', relation: 'ma sœur' }]);
    await post('/api/setFamilyCredit', { service_session_id: book.id, invitation_id: again.id, credited: false }, author);
    expect((await get(`/api/familyCredits/${book.id}`, author)).json().success).toEqual([]);
    await setCredit(true);

    const form = multipart({ service_session_id: String(book.id) });
    const made = await app.inject({
      method: 'POST',
      url: '/api/postGenerateBook',
      payload: form.payload,
      headers: { ...form.headers, ...author.headers },
    });
    expect(made.statusCode, made.body).toBe(200);
    const pdf = await get(`/api/bookFile/${book.id}/book.pdf`, author);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Avec les souvenirs de');
    expect(text).toContain('Marie, ma sœur');
    expect(text).not.toContain('Lucie');
    const JSZip = (await import('jszip')).default;
    const epub = await JSZip.loadAsync((await get(`/api/bookFile/${book.id}/book.epub`, author)).rawPayload);
    expect(await epub.file('OEBPS/contributors.xhtml')!.async('string')).toContain('Marie, ma sœur');
  }, 120_000);
});
