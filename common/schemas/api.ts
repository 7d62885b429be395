import { z } from 'zod';

/** Every success answer is `{ success: payload }` (the spec reads `data.success.*`). */
export const successOf = <T extends z.ZodTypeAny>(payload: T) => z.object({ success: payload });

/** Every failure answer: a message in the request's language and a stable code. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * The largest id a row can have: PostgreSQL's `integer`, the type of the ids' columns. A larger one is no row's, and
 * PostgreSQL refuses to compare a column with it (an error, not "no row"): ids are bounded where they come in.
 */
const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a positive integer up to MAX_ID; anything else is a 400. */
export const Id = z.number().int().positive().max(MAX_ID);

/** An id from text (a path, a query, a form field): the same. */
export const IdParam = z.coerce.number().int().positive().max(MAX_ID);
