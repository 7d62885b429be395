import { sql } from 'kysely';
import { healthApi } from '@common/api/health';
import { AppError } from '../http/errors';
import { routesOf } from '../http/routes';

const PROBE_KEY = 'health/probe';

/** GET /api/health: the database answers a query and storage round-trips a small file; else 503. */
export const healthRoutes = routesOf(healthApi, ({ db, storage }) => ({
  health: async () => {
    try {
      await sql`select 1`.execute(db);
      const probe = Buffer.from(String(Date.now()));
      await storage.put(PROBE_KEY, probe, 'text/plain');
      const read = await storage.get(PROBE_KEY);
      await storage.delete(PROBE_KEY);
      if (!read?.equals(probe)) throw new Error('storage read back something else');
    } catch {
      throw new AppError(503, 'health.unavailable');
    }
    return { success: { database: 'ok' as const, storage: 'ok' as const } };
  },
}));
