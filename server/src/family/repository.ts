import type { Selectable } from 'kysely';
import type { BookCredit } from '@common/schemas/family';
import type { Db } from '../db';
import type { FamilyContributionsTable } from '../db/schema';
import type { FamilyMemory } from '../providers/generation/types';
import type { InvitationRow } from './policy';

export type ContributionRow = Selectable<FamilyContributionsTable>;

export function listInvitations(db: Db, sessionId: number) {
  return db
    .selectFrom('family_invitations as i')
    .selectAll('i')
    .select((eb) =>
      eb
        .selectFrom('family_contributions as c')
        .whereRef('c.invitation_id', '=', 'i.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('contributions'),
    )
    .where('i.service_session_id', '=', sessionId)
    .orderBy('i.id', 'desc')
    .execute();
}

export function findInvitation(db: Db, sessionId: number, id: number): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('family_invitations')
    .selectAll()
    .where('id', '=', id)
    .where('service_session_id', '=', sessionId)
    .executeTakeFirst();
}

export function countActiveInvitations(db: Db, sessionId: number, now: string): Promise<number> {
  return db
    .selectFrom('family_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('service_session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** A book's contributions with who wrote them, oldest first. */
export function listContributions(db: Db, sessionId: number) {
  return db
    .selectFrom('family_contributions as c')
    .innerJoin('family_invitations as i', 'i.id', 'c.invitation_id')
    .selectAll('c')
    .select(['i.contributor_name', 'i.relation'])
    .where('c.service_session_id', '=', sessionId)
    .orderBy('c.id')
    .execute();
}
export type ContributionWithAuthor = Awaited<ReturnType<typeof listContributions>>[number];

export function listContributionsOfInvitation(db: Db, invitationId: number): Promise<ContributionRow[]> {
  return db.selectFrom('family_contributions').selectAll().where('invitation_id', '=', invitationId).orderBy('id').execute();
}

export function findContribution(db: Db, where: { sessionId: number } | { invitationId: number }, id: number) {
  let query = db.selectFrom('family_contributions').selectAll().where('id', '=', id);
  query =
    'sessionId' in where ? query.where('service_session_id', '=', where.sessionId) : query.where('invitation_id', '=', where.invitationId);
  return query.executeTakeFirst();
}

/** Everything the relatives gave to a book: called when the book is deleted (the files go with the book's folder). */
export async function deleteFamilyOf(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('family_contributions').where('service_session_id', '=', sessionId).execute();
  await db.deleteFrom('family_invitations').where('service_session_id', '=', sessionId).execute();
}

/**
 * The relatives a book credits: those whose memories the author accepted or quoted and did not leave
 * off the page (`credited`), once each (the
 * same name and relation from two links is one person), in the order they first gave one.
 */
export async function bookCredits(db: Db, sessionId: number): Promise<BookCredit[]> {
  const rows = await db
    .selectFrom('family_contributions as c')
    .innerJoin('family_invitations as i', 'i.id', 'c.invitation_id')
    .select(['i.contributor_name', 'i.relation'])
    .where('c.service_session_id', '=', sessionId)
    .where('c.status', 'in', ['accepted', 'quoted'])
    .where('i.credited', '=', 1)
    .orderBy('c.id')
    .execute();
  const seen = new Map<string, BookCredit>();
  for (const row of rows) {
    const key = `${row.contributor_name.toLocaleLowerCase()}\u0000${row.relation.toLocaleLowerCase()}`;
    if (!seen.has(key)) seen.set(key, { name: row.contributor_name, relation: row.relation });
  }
  return [...seen.values()];
}

/** The memories the author accepted or quoted for a chapter, as the writers read them (the author's edit when there is one). */
export async function chapterMemories(db: Db, sessionId: number, chapterId: number): Promise<FamilyMemory[]> {
  const rows = await db
    .selectFrom('family_contributions as c')
    .innerJoin('family_invitations as i', 'i.id', 'c.invitation_id')
    .select(['c.id', 'c.invitation_id', 'c.question_id', 'c.text', 'c.author_text', 'c.status', 'i.contributor_name', 'i.relation'])
    .where('c.service_session_id', '=', sessionId)
    .where('c.chapter_id', '=', chapterId)
    .where('c.status', 'in', ['accepted', 'quoted'])
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    contributor_id: row.invitation_id,
    question_id: row.question_id,
    name: row.contributor_name,
    relation: row.relation,
    text: row.author_text ?? row.text,
    quoted: row.status === 'quoted',
  }));
}
