import { workspaceApi } from '@common/api/workspace';
import type { BookAttribute } from '@common/schemas/workspace';
import { ApiError, call } from '../../../lib/api';

/**
 * POST updateBookAttribute {id, attribute, value, previous_value}: title, introduction or summary,
 * refused with 409 (`server.value`) when the stored value is no longer the one this edit started from.
 */
export const updateBookAttribute = (id: number, attribute: BookAttribute, value: string, previous: string) =>
  call(workspaceApi.updateBookAttribute, { body: { id, attribute, value, previous_value: previous } }, { quiet: true });

/** The server's value of a 409 from updateBookAttribute, else null (its schema, and zod, loaded only then). */
export async function attributeConflictValue(error: unknown): Promise<string | null> {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { AttributeConflictSchema } = await import('@common/schemas/workspace');
  return AttributeConflictSchema.safeParse(error.data).data?.server.value ?? null;
}
