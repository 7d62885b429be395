import { workspaceApi } from '@common/api/workspace';
import { call, type CallOptions } from '../../../lib/api';
import { prefetchCoverThumbnail } from './session-images';

const read = (sessionId: number, options: CallOptions = {}) =>
  call(workspaceApi.getSession, { params: { serviceSessionId: sessionId } }, { quiet: true, ...options });

/** GET getSession/{id}: the book with its progress, version and image keys. */
export const getSession = (sessionId: number) => read(sessionId);

/** Reads asked for before the workspace rendered, each taken once (`takeSession`) while still fresh. */
const early = new Map<number, { asked: ReturnType<typeof getSession>; at: number }>();
/** An early read not taken by then (the visitor went elsewhere first) is not used: the book may have changed since. */
const EARLY_READ_FRESH_MS = 15_000;

/**
 * On a first visit the router asks for the book with the workspace's chunk (app/router.tsx), instead of once
 * the chunk has run, its texts have arrived and the page has rendered.
 */
export function prefetchSession(sessionId: number): void {
  if (!Number.isInteger(sessionId) || sessionId <= 0 || early.has(sessionId)) return;
  // a 401 here is not the session's end: asked before the auth provider listens, it is left to the read again below
  const asked = read(sessionId, { keepSessionOn401: true });
  asked.then((session) => prefetchCoverThumbnail(sessionId, session.images)).catch(() => undefined); // its taker handles a failure
  early.set(sessionId, { asked, at: performance.now() });
}

/**
 * The read asked for early, once (a retry or a later visit reads again), else a fresh one. An early read that
 * failed is made again as the workspace always made it, so a failure is handled as before (a 401 signs out).
 */
export function takeSession(sessionId: number): ReturnType<typeof getSession> {
  const kept = early.get(sessionId);
  early.delete(sessionId);
  if (!kept || performance.now() - kept.at > EARLY_READ_FRESH_MS) return getSession(sessionId);
  return kept.asked.catch(() => getSession(sessionId));
}
