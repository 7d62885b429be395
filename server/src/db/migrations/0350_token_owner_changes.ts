import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../index';

/**
 * On PostgreSQL, every statement that changes `users` or `auth_tokens` notifies `TOKEN_OWNERS_CHANNEL` as its
 * transaction commits, with the writing connection's process id (a node knows its own writes already), so that each node may keep its token lookups until then (auth/repository.ts). SQLite's
 * nodes are one process, which sees its own writes and other processes' commits without it.
 */
export const TOKEN_OWNERS_CHANNEL = 'plume_token_owners';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function plume_token_owners_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(TOKEN_OWNERS_CHANNEL)}, pg_backend_pid()::text);
      return null;
    end
    $$`.execute(db);
  for (const table of ['users', 'auth_tokens']) {
    await sql`
      create trigger ${sql.id(`${table}_token_owners_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function plume_token_owners_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of ['users', 'auth_tokens']) {
    await sql`drop trigger if exists ${sql.id(`${table}_token_owners_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists plume_token_owners_changed()`.execute(db);
}
