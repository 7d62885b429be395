import { postSuccess, api } from '../../../lib/api';
import { guestHeaders } from './guest';

/** POST uploadSessionImage (multipart service_session_id, key, file). */
export function uploadSessionImage(sessionId: number, key: string, file: Blob) {
  const form = new FormData();
  form.append('service_session_id', String(sessionId));
  form.append('key', key);
  form.append('file', file);
  return postSuccess<{ key: string }>('/uploadSessionImage', form, { headers: guestHeaders(sessionId) });
}

/** GET sessionImage/{id}/{key}: the bytes (sent with the book's credentials, shown through a data URL). */
export async function fetchSessionImage(sessionId: number, key: string): Promise<Blob> {
  const response = await api.get<Blob>(`/sessionImage/${sessionId}/${key}`, { responseType: 'blob', headers: guestHeaders(sessionId), quiet: true } as object);
  return response.data;
}

export function deleteSessionImage(sessionId: number, key: string) {
  return postSuccess<{ key: string }>('/deleteSessionImage', { service_session_id: sessionId, key }, { headers: guestHeaders(sessionId) });
}
