import { workspaceApi } from '@common/api/workspace';
import { call } from '../../../lib/api';

/** GET getSession/{id}: the book with its progress, version and image keys. */
export const getSession = (sessionId: number) =>
  call(workspaceApi.getSession, { params: { serviceSessionId: sessionId } }, { quiet: true });
