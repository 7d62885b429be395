import { workspaceApi } from '@common/api/workspace';
import { COVER_IMAGE_KEY } from '@common/image-keys';
import { call, callRaw } from '../../../lib/api';
import { readCachedImage } from '../model/image-cache';

/** POST uploadSessionImage (multipart service_session_id, key, file). */
export const uploadSessionImage = (sessionId: number, key: string, file: Blob) =>
  call(workspaceApi.uploadSessionImage, { fields: { service_session_id: sessionId, key }, files: { file } });

/** GET sessionImage/{id}/{key}: the bytes, or those of its thumbnail (sent with the book's credentials, shown through a data URL). */
export async function fetchSessionImage(sessionId: number, key: string, size?: 'thumbnail'): Promise<Blob> {
  return (
    await callRaw(workspaceApi.sessionImage, { params: { id: sessionId, key }, query: size ? { size } : {} }, { quiet: true })
  ).blob();
}

export const deleteSessionImage = (sessionId: number, key: string) =>
  call(workspaceApi.deleteSessionImage, { body: { service_session_id: sessionId, key } });

/** Cover thumbnails asked for as soon as their book was read, each taken once by the workspace's header. */
const earlyThumbnails = new Map<number, Promise<Blob>>();

/**
 * Asks for the cover's thumbnail of a book just read (`images`, its keys) when this browser does not keep the cover:
 * the header's picture, the workspace's largest, then waits on the network alone, not on the page's code and render.
 */
export function prefetchCoverThumbnail(sessionId: number, images: readonly string[]): void {
  if (!images.includes(COVER_IMAGE_KEY) || readCachedImage(sessionId, COVER_IMAGE_KEY) || earlyThumbnails.has(sessionId)) return;
  const asked = fetchSessionImage(sessionId, COVER_IMAGE_KEY, 'thumbnail');
  asked.catch(() => undefined); // its taker handles a failure
  earlyThumbnails.set(sessionId, asked);
}

/** The cover's thumbnail asked for early, once, else a fresh request. */
export function takeCoverThumbnail(sessionId: number): Promise<Blob> {
  const asked = earlyThumbnails.get(sessionId);
  earlyThumbnails.delete(sessionId);
  return asked ?? fetchSessionImage(sessionId, COVER_IMAGE_KEY, 'thumbnail');
}
