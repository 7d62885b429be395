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

/** Path ids: positive integers; anything else is a 400. */
export const IdParam = z.coerce.number().int().positive().max(2_147_483_647);
