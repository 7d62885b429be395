import { sql, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { migrateToLatest, type Db } from '.';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.close();
});

/** The database handle with every query it runs counted. */
function counted(db: Db): { db: Db; queries: () => number } {
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(counter), queries: () => queries };
}

describe('migrateToLatest', () => {
  it('on a database that ran every migration (a restart), asks one question and runs nothing', async () => {
    const { db, queries } = counted(app.ctx.db);
    await migrateToLatest(db);
    expect(queries()).toBe(1);
  });

  it('runs a migration the database has not run yet', async () => {
    const db = app.ctx.db;
    await db.schema.alterTable('service_sessions').dropColumn('list_summary').execute();
    await sql`delete from kysely_migration where name = '0320_book_list_summary'`.execute(db);
    await migrateToLatest(db);
    const { rows } = await sql<{ list_summary: string }>`select list_summary from service_sessions`.execute(db);
    expect(rows).toEqual([]);
    const run = await sql<{ name: string }>`select name from kysely_migration where name = '0320_book_list_summary'`.execute(db);
    expect(run.rows).toHaveLength(1);
  });
});
