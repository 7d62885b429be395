import { sql, type Kysely } from 'kysely';

/**
 * Every book row (`service_sessions`, deleted ones too) with the `columns` asked for, 500 at a time in id order,
 * visited one by one: how a migration fills a column it adds from what each book already holds.
 */
export async function eachBookRow<Row extends { id: number }>(
  db: Kysely<unknown>,
  columns: ReadonlyArray<Exclude<keyof Row, 'id'> & string>,
  visit: (row: Row) => Promise<void>,
): Promise<void> {
  const selected = sql.join(['id', ...columns].map((column) => sql.ref(column)));
  for (let after = 0; ;) {
    const { rows } = await sql<Row>`select ${selected} from service_sessions where id > ${after} order by id limit 500`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) await visit(row);
    after = rows[rows.length - 1].id;
  }
}
