import { workspaceApi } from '@common/api/workspace';
import { call, callRaw } from '../../../lib/api';

/** POST uploadSessionImage (multipart service_session_id, key, file). */
export const uploadSessionImage = (sessionId: number, key: string, file: Blob) =>
  call(workspaceApi.uploadSessionImage, { fields: { service_session_id: sessionId, key }, files: { file } });

/** GET sessionImage/{id}/{key}: the bytes (sent with the book's credentials, shown through a data URL). */
export async function fetchSessionImage(sessionId: number, key: string): Promise<Blob> {
  return (await callRaw(workspaceApi.sessionImage, { params: { id: sessionId, key } }, { quiet: true })).blob();
}

export const deleteSessionImage = (sessionId: number, key: string) =>
  call(workspaceApi.deleteSessionImage, { body: { service_session_id: sessionId, key } });
