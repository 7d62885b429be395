import { accountApi } from '@common/api/account';
import { clearSessionCookies } from '../auth/session-cookie';
import { routesOf } from '../http/routes';
import { limitByUser } from '../rate-limit';
import { buildDataZip, deleteAccount } from './service';

/** A few downloads and deletion attempts per user and hour (a zip holds every photo; a password is checked). */
export const ACCOUNT_RATE_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;

export const accountRoutes = routesOf(accountApi, ({ db, storage, config }) => ({
  exportMyData: {
    limit: [limitByUser(db, 'account:export', ACCOUNT_RATE_LIMIT)],
    handler: async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="plume-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(await buildDataZip({ db, storage }, request.user.id));
    },
  },
  deleteAccount: {
    limit: [limitByUser(db, 'account:delete', ACCOUNT_RATE_LIMIT)],
    handler: async (request, reply) => {
      await deleteAccount({ db, storage, config }, request.user, request.body);
      clearSessionCookies(request, reply);
      return { success: true as const };
    },
  },
}));
