import type { Language } from '@common/constants';
import { normalizeLanguage } from '@common/languages';
import { isChapterLocked } from '@common/rules/workspace-unpaid';
import type { ContributionStatus, ContributorView, Contribution, CreateInvitationBody, Invitation } from '@common/schemas/family';
import { FAMILY } from '@common/schemas/family';
import type { CheckpointData } from '@common/schemas/session';
import type { AppContext } from '../app';
import { newToken, hashToken } from '../auth/tokens';
import { sessionFileKey } from '../books/files';
import { parseCheckpoint, unlockedChapterIds, type SessionRow } from '../books/repository';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { normalizeImage } from '../images/normalize-image';
import type { Mailer } from '../providers/mail';
import { composeMail } from '../providers/mail/templates';
import { hit } from '../rate-limit';
import type { InvitationRow } from './policy';
import {
  countActiveInvitations,
  findContribution,
  listContributionsOfInvitation,
  type ContributionRow,
  type ContributionWithAuthor,
} from './repository';

export type FamilyContext = Pick<AppContext, 'db' | 'storage' | 'translate'> & { publicUrl: string; mailer: Mailer };

/** At most one "someone contributed" e-mail a day per book. */
const AUTHOR_MAIL_WINDOW_MS = 24 * 3_600_000;

/** The relative's page, in their language; the token travels in the fragment, never to a server log. */
export const invitationUrl = (publicUrl: string, row: Pick<InvitationRow, 'language' | 'token'>) =>
  `${publicUrl}/${row.language}/contribute#${row.token}`;

/** The chapter the invitation is about, and whether an unpaid book lets relatives into it. */
function chapterOf(checkpoint: CheckpointData, chapterId: number) {
  const index = checkpoint.data.findIndex((chapter) => chapter.id === chapterId);
  return index < 0 ? null : { index, chapter: checkpoint.data[index] };
}

export async function createInvitation(ctx: FamilyContext, book: SessionRow, input: CreateInvitationBody & { expires_in_days: number }) {
  const found = chapterOf(parseCheckpoint(book), input.chapter_id);
  if (!found) throw notFound('family.chapter_not_found');
  // unpaid books may invite relatives to the free chapter (and chapters bought one by one) only
  if (isChapterLocked(found.index, Boolean(book.is_payed), input.chapter_id, await unlockedChapterIds(ctx.db, book.id)))
    throw new AppError(402, 'family.locked_chapter');
  const questionIds = input.permission === 'read' ? [] : [...new Set(input.question_ids ?? [])];
  const known = new Set(found.chapter.questions.map((q) => q.id));
  if (questionIds.some((id) => !known.has(id))) throw badRequest('family.question_not_found');
  const now = new Date();
  if ((await countActiveInvitations(ctx.db, book.id, now.toISOString())) >= FAMILY.maxActivePerBook)
    throw new AppError(429, 'family.too_many_invitations', { max: FAMILY.maxActivePerBook });

  const token = newToken(24);
  const row = await ctx.db
    .insertInto('family_invitations')
    .values({
      service_session_id: book.id,
      token_hash: hashToken(token),
      token,
      contributor_name: input.contributor_name,
      relation: input.relation,
      email: input.email ?? null,
      language: input.language,
      message: input.message ?? '',
      permission: input.permission,
      chapter_id: input.chapter_id,
      question_ids: JSON.stringify(questionIds),
      expires_at: new Date(now.getTime() + input.expires_in_days * 86_400_000).toISOString(),
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (row.email) await mailInvitation(ctx, book, row);
  return row;
}

async function authorOf(ctx: FamilyContext, book: SessionRow) {
  return ctx.db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'language'])
    .where('id', '=', book.user_id!)
    .executeTakeFirst();
}

async function mailInvitation(ctx: FamilyContext, book: SessionRow, row: InvitationRow) {
  const author = await authorOf(ctx, book);
  const lng = normalizeLanguage(row.language);
  const mail = composeMail(ctx.translate, lng, 'family_invitation', row.email!, invitationUrl(ctx.publicUrl, row), {
    name: row.contributor_name,
    author: author?.first_name ?? '',
    title: book.book_name,
    message: row.message,
  });
  await ctx.mailer.send(mail);
}

export function presentInvitation(
  publicUrl: string,
  row: InvitationRow & { contributions?: number | string | null },
  now = new Date(),
): Invitation {
  const state = row.revoked_at ? 'revoked' : row.expires_at <= now.toISOString() ? 'expired' : 'active';
  return {
    id: row.id,
    url: invitationUrl(publicUrl, row),
    contributor_name: row.contributor_name,
    relation: row.relation,
    email: row.email,
    language: normalizeLanguage(row.language),
    message: row.message,
    permission: row.permission === 'read' ? 'read' : 'answer',
    chapter_id: row.chapter_id,
    question_ids: JSON.parse(row.question_ids) as number[],
    expires_at: row.expires_at,
    state,
    contributions: Number(row.contributions ?? 0),
    created_at: row.created_at,
    credited: Number(row.credited) !== 0,
  };
}

export function presentContribution(row: ContributionWithAuthor): Contribution {
  return {
    id: row.id,
    invitation_id: row.invitation_id,
    contributor_name: row.contributor_name,
    relation: row.relation,
    chapter_id: row.chapter_id,
    question_id: row.question_id,
    text: row.author_text ?? row.text,
    original_text: row.text,
    has_photo: row.photo_key !== null,
    status: row.status as ContributionStatus,
    updated_at: row.updated_at,
  };
}

export async function decideContribution(
  ctx: FamilyContext,
  book: SessionRow,
  input: { contribution_id: number; status: ContributionStatus; text?: string | null },
) {
  const row = await findContribution(ctx.db, { sessionId: book.id }, input.contribution_id);
  if (!row) throw notFound('family.contribution_not_found');
  const now = new Date().toISOString();
  await ctx.db
    .updateTable('family_contributions')
    .set({
      status: input.status,
      decided_at: input.status === 'pending' ? null : now,
      ...(input.text !== undefined && { author_text: input.text }),
    })
    .where('id', '=', row.id)
    .execute();
}

/** What the relative's link shows: nothing of the book but the author's message, the chapter's title and the chosen questions. */
export async function contributorView(ctx: FamilyContext, invitation: InvitationRow): Promise<ContributorView> {
  const book = await ctx.db
    .selectFrom('service_sessions')
    .selectAll()
    .where('id', '=', invitation.service_session_id)
    .executeTakeFirstOrThrow();
  const found = chapterOf(parseCheckpoint(book), invitation.chapter_id);
  if (!found) throw notFound('family.link_invalid');
  const author = await authorOf(ctx, book);
  const chosen = JSON.parse(invitation.question_ids) as number[];
  const readOnly = invitation.permission === 'read';
  const questions = readOnly ? [] : found.chapter.questions.filter((q) => chosen.includes(q.id));
  const own = readOnly ? [] : await listContributionsOfInvitation(ctx.db, invitation.id);
  return {
    book_name: book.book_name,
    author_name: author?.first_name ?? '',
    contributor_name: invitation.contributor_name,
    relation: invitation.relation,
    language: normalizeLanguage(invitation.language),
    message: invitation.message,
    permission: readOnly ? 'read' : 'answer',
    expires_at: invitation.expires_at,
    chapter: { id: found.chapter.id, name: found.chapter.name, text: readOnly ? found.chapter.generated_content || null : null },
    questions: questions.map((q) => ({ id: q.id, name: q.name, nudges: q.nudges ?? [] })),
    contributions: own.map((c) => ({
      id: c.id,
      question_id: c.question_id,
      text: c.text,
      has_photo: c.photo_key !== null,
      status: c.status as ContributionStatus,
    })),
  };
}

const photoKeyOf = (contributionId: number) => `family_${contributionId}`;

/**
 * The relative's answer to one question (or a memory for the chapter): a new one, or an edit of
 * theirs until the author has accepted or quoted it. A photo follows the book's image rules.
 */
export async function saveContribution(
  ctx: FamilyContext,
  invitation: InvitationRow,
  input: { question_id?: number | null; text: string; photo?: Buffer },
): Promise<void> {
  if (invitation.permission !== 'answer') throw forbidden('family.read_only');
  const chosen = JSON.parse(invitation.question_ids) as number[];
  const questionId = input.question_id ?? null;
  // a memories link takes memories for the chapter; a questions link answers its questions
  if (chosen.length === 0 ? questionId !== null : questionId === null || !chosen.includes(questionId))
    throw badRequest('family.question_not_found');
  const photo = input.photo ? await normalizeImage(input.photo) : null;
  const now = new Date().toISOString();
  const existing = await ctx.db
    .selectFrom('family_contributions')
    .selectAll()
    .where('invitation_id', '=', invitation.id)
    .where('question_id', questionId === null ? 'is' : '=', questionId)
    .executeTakeFirst();
  if (existing && (existing.status === 'accepted' || existing.status === 'quoted')) throw conflict('family.already_accepted');

  let row: ContributionRow;
  if (existing) {
    row = await ctx.db
      .updateTable('family_contributions')
      .set({ text: input.text, author_text: null, status: 'pending', decided_at: null, updated_at: now })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    row = await ctx.db
      .insertInto('family_contributions')
      .values({
        invitation_id: invitation.id,
        service_session_id: invitation.service_session_id,
        chapter_id: invitation.chapter_id,
        question_id: questionId,
        text: input.text,
        status: 'pending',
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  if (photo) {
    const key = photoKeyOf(row.id);
    await ctx.storage.put(sessionFileKey(invitation.service_session_id, key), photo.data, photo.contentType);
    await ctx.db.updateTable('family_contributions').set({ photo_key: key }).where('id', '=', row.id).execute();
  }
  await notifyAuthor(ctx, invitation);
}

/** "Marie has added a memory" — the first contribution of a day per book sends it, the others wait for tomorrow's. */
async function notifyAuthor(ctx: FamilyContext, invitation: InvitationRow) {
  const { count } = await hit(ctx.db, `family-mail:${invitation.service_session_id}`, AUTHOR_MAIL_WINDOW_MS);
  if (count !== 1) return;
  const book = await ctx.db
    .selectFrom('service_sessions')
    .selectAll()
    .where('id', '=', invitation.service_session_id)
    .executeTakeFirstOrThrow();
  const author = await authorOf(ctx, book);
  if (!author) return;
  const lng: Language = normalizeLanguage(author.language);
  const mail = composeMail(ctx.translate, lng, 'family_contribution', author.email, `${ctx.publicUrl}/${lng}/questions/${book.id}`, {
    name: author.first_name,
    contributor: invitation.contributor_name,
    relation: invitation.relation,
    title: book.book_name,
  });
  await ctx.mailer.send(mail).catch(() => undefined);
}

export async function deleteContribution(ctx: FamilyContext, invitation: InvitationRow, contributionId: number): Promise<void> {
  const row = await findContribution(ctx.db, { invitationId: invitation.id }, contributionId);
  if (!row) throw notFound('family.contribution_not_found');
  await ctx.db.deleteFrom('family_contributions').where('id', '=', row.id).execute();
  if (row.photo_key) await ctx.storage.delete(sessionFileKey(row.service_session_id, row.photo_key));
}

/** A contribution's photo: for the author of its book, or the relative who gave it. */
export async function contributionPhoto(ctx: FamilyContext, row: ContributionRow | undefined): Promise<Buffer> {
  const data = row?.photo_key ? await ctx.storage.get(sessionFileKey(row.service_session_id, row.photo_key)) : null;
  if (!data) throw notFound('family.photo_not_found');
  return data;
}
