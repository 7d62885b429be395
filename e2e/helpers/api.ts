import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Accounts and books made through the API, the way the pages make them, so a journey starts where it
 * is interesting. Every e-mail is unique: with DATABASE_URL the e2e database keeps earlier runs' rows.
 */

/** An address no earlier run (nor another test of this run) has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface SignedUpUser {
  email: string;
  password: string;
  token: string;
  /** `Authorization` header for API calls as this user. */
  auth: { authorization: string };
}

/**
 * A client address of its own for each account made through the API (the e2e server trusts
 * X-Forwarded-For): the suite signs up more people than one address may in an hour (registerPerIp).
 */
const ownAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A verified account: register, then the automatic verification, as the register page does. */
export async function signUp(
  request: APIRequestContext,
  options: { prefix?: string; lng?: string; first_name?: string; last_name?: string; city?: string; password?: string } = {},
): Promise<SignedUpUser> {
  const email = uniqueEmail(options.prefix);
  const password = options.password ?? 'Correct-horse-42';
  const headers = { lng: options.lng ?? 'en', 'x-forwarded-for': ownAddress() };
  const registered = await request.post('/api/register', {
    headers,
    data: {
      first_name: options.first_name ?? 'Ada',
      last_name: options.last_name ?? 'Byron',
      email,
      city: options.city ?? 'London',
      password,
      confirm_password: password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { registration_ticket } = (await registered.json()).success;
  const verified = await request.post('/api/verifyRegistrationWithoutOtp', { headers, data: { email, registration_ticket } });
  expect(verified.status(), await verified.text()).toBe(200);
  const token = (await verified.json()).success.token as string;
  return { email, password, token, auth: { authorization: `Bearer ${token}` } };
}

export interface BookOptions {
  lng?: string;
  book_name: string;
  another_story_subject: string;
}

export interface CreatedBook {
  id: number;
  version: number;
  is_payed: boolean;
  guest_token?: string;
  checkpoint_data: { data: Array<{ id: number; name: string; questions: Array<{ id: number; name: string }> }> };
}

/** A loved one's life story (general category 2, one-type 301, length 21, guided writing), as the options screen sends it. */
const lovedOneForm = (book: BookOptions) => ({
  service_id: '1',
  general_category_id: '2',
  category_based_type_ids: '[301]',
  category_length_type_id: '21',
  toolId: '1',
  book_name: book.book_name,
  another_story_subject: book.another_story_subject,
});

/** A signed-in author's new book (getGenerateCategoriesWithQuestions). */
export async function createBook(request: APIRequestContext, token: string, book: BookOptions): Promise<CreatedBook> {
  const response = await request.post('/api/getGenerateCategoriesWithQuestions', {
    headers: { lng: book.lng ?? 'en', authorization: `Bearer ${token}` },
    multipart: lovedOneForm(book),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).success as CreatedBook;
}

/** The first chapter of Rose's book, as if written, in each language. */
const ROSE_CHAPTER: Record<string, string> = {
  en: 'Rose was born in Lyon in 1921. She became a nurse during the war.',
  fr: 'Rose est née à Lyon en 1921. Elle est devenue infirmière pendant la guerre.',
  es: 'Rose nació en Lyon en 1921. Fue enfermera durante la guerra.',
  it: 'Rose è nata a Lione nel 1921. È diventata infermiera durante la guerra.',
};

/**
 * `user`'s book in `lng` about their grandmother Rose, its first chapter written (saved through
 * upSertSession, as the workspace saves it): what the audiobook reads and the payment screens sell.
 * Returns the book's id.
 */
export async function writtenBook(request: APIRequestContext, user: Pick<SignedUpUser, 'token' | 'auth'>, lng: string): Promise<number> {
  const book = await createBook(request, user.token, {
    lng,
    book_name: 'Rose',
    another_story_subject: 'My grandmother Rose, a nurse in Lyon',
  });
  const headers = { ...user.auth, lng };
  const session = (await (await request.get(`/api/getSession/${book.id}`, { headers })).json()).success;
  session.checkpoint_data.data[0].generated_content = ROSE_CHAPTER[lng];
  const saved = await request.post('/api/upSertSession', {
    headers,
    data: { service_session_id: book.id, checkpoint_data: session.checkpoint_data, version: session.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return book.id;
}

/** A guest's book (the guest variant of the creation call); its `guest_token` opens it. */
export async function createGuestBook(request: APIRequestContext, book: BookOptions): Promise<CreatedBook & { guest_token: string }> {
  // an address of its own: guests may start only so many books an hour from one address, and on
  // PostgreSQL the counters outlive one Playwright run (the main, voice, writing and captcha runs share them)
  const response = await request.post('/api/getGenerateCategoriesWithQuestionsAsGuest', {
    headers: { lng: book.lng ?? 'en', 'x-forwarded-for': ownAddress() },
    multipart: lovedOneForm(book),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).success as CreatedBook & { guest_token: string };
}

/** The browser acts as the guest who created `book`: the trial session sits in its storage (kept across reloads). */
export async function actAsGuest(page: Page, book: object & { id: number }) {
  await page.addInitScript((trial) => {
    if (!localStorage.getItem('trial_session')) localStorage.setItem('trial_session', trial);
  }, JSON.stringify(book));
}

/** The session cookies the server sets at sign-in: the HttpOnly token and the page's marker. */
function sessionCookies(token: string, where: { url: string } | { domain: string; path: string }, expires?: number) {
  return [
    { name: 'plume_token', value: token, httpOnly: true, sameSite: 'Lax' as const, ...where, ...(expires ? { expires } : {}) },
    { name: 'plume_signed_in', value: '1', sameSite: 'Lax' as const, ...where, ...(expires ? { expires } : {}) },
  ];
}

/** The browser is signed in with `token` (as the login page leaves it for a session that is not remembered). */
export async function actAsUser(page: Page, token: string) {
  await page.context().addCookies(sessionCookies(token, { domain: 'localhost', path: '/' }));
}

/** The workspace says every change is on the server. */
export async function waitSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
}

/** The browser is signed in with `token` for 30 days (as a remembered login leaves it). */
export async function actAsUserWithCookie(page: Page, token: string, baseURL: string) {
  await page.context().addCookies(sessionCookies(token, { url: baseURL }, Math.round(Date.now() / 1000) + 30 * 86_400));
}

export interface InvitationOptions {
  /** The relative's page's language; the book is written in it too unless `book.lng` says otherwise. */
  language: string;
  /** The author's sign-up (first name Jeanne unless told). */
  author?: Parameters<typeof signUp>[1];
  /** The author's book (Jeanne's mother's bakery on the Loire unless told). */
  book?: Partial<BookOptions>;
  relation?: string;
  message?: string;
  /** How many of the first chapter's first questions the relative is asked. */
  questions?: number;
  /** More fields of the createFamilyInvitation call (or ones to replace). */
  extra?: Record<string, unknown>;
}

/**
 * A signed-in author, a book and a family invitation (issue 19) to Marie for the first chapter's
 * first questions, made through the API as the family page makes it. `path` is the link's path and
 * hash (the token), where the relative's page opens.
 */
export async function invitation(request: APIRequestContext, options: InvitationOptions) {
  const { language, relation = 'my sister', message = '', questions: count = 1, extra = {} } = options;
  const author = await signUp(request, { prefix: 'family-author', first_name: 'Jeanne', ...options.author });
  const book = await createBook(request, author.token, {
    lng: language,
    book_name: 'Une vie au bord de la Loire',
    another_story_subject: 'My mother, her bakery by the river and the flood of 1953',
    ...options.book,
  });
  const chapter = book.checkpoint_data.data[0];
  const questions = chapter.questions.slice(0, count);
  const created = await request.post('/api/createFamilyInvitation', {
    headers: author.auth,
    data: {
      service_session_id: book.id,
      contributor_name: 'Marie',
      relation,
      language,
      message,
      permission: 'answer',
      chapter_id: chapter.id,
      question_ids: questions.map((q) => q.id),
      ...extra,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { url, id } = (await created.json()).success as { url: string; id: number };
  const link = new URL(url);
  return { author, book, chapter, questions, id, url, path: link.pathname + link.hash };
}
