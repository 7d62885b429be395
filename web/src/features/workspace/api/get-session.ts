import type { WorkspaceSession } from '@common/schemas/workspace';
import { getSuccess } from '../../../lib/api';
import { guestHeaders } from './guest';

/** GET getSession/{id}: the book with its progress, version and image keys. */
export function getSession(sessionId: number): Promise<WorkspaceSession> {
  return getSuccess<WorkspaceSession>(`/getSession/${sessionId}`, { quiet: true, headers: guestHeaders(sessionId) });
}
