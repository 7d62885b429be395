import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../schemas/auth';
import { defineCall } from './contract';

/**
 * The author's own data (issue 18 item 10): download all of it, delete the account and all of it.
 * Deleting asks again for the password (or, for an account without one — Google sign-in — the
 * e-mail address typed out).
 */
export const DeleteAccountBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  email: z.string().max(320).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const accountApi = {
  /** A zip: `account.json` (account, books with answers and chapters, versions, orders) and the files. */
  exportMyData: defineCall({ method: 'GET', path: '/exportMyData', scope: 'user' }),
  deleteAccount: defineCall({
    method: 'POST',
    path: '/deleteAccount',
    scope: 'user',
    body: DeleteAccountBodySchema,
    response: z.literal(true),
  }),
};
