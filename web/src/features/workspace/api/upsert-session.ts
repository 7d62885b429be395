import { workspaceApi } from '@common/api/workspace';
import { ApiError, call, callRaw } from '../../../lib/api';
import { soleChangedChapter } from '../model/checkpoint-ops';
import type { SaveBody, SaveOutcome, SyncTransport } from '../model/sync-engine';

/** Browsers cap keepalive bodies at 64 KB; a larger save relies on the draft kept in the browser. */
const KEEPALIVE_MAX = 60_000;

/**
 * What to send: upSertChapter with that chapter alone when it is all that changed since the server's copy
 * (what typing does: ~5 KB instead of the whole book), upSertSession with the whole checkpoint otherwise.
 * Both are version-checked and answer alike.
 */
function saveRequest(sessionId: number, { checkpoint, version, base }: SaveBody) {
  const chapter = soleChangedChapter(base, checkpoint);
  return chapter
    ? ({ kind: 'chapter', body: { service_session_id: sessionId, chapter, version } } as const)
    : ({ kind: 'book', body: { service_session_id: sessionId, checkpoint_data: checkpoint, version } } as const);
}

/** The workspace's saves as the sync engine's transport: 409 → merge, network/5xx → retry, else stop. */
export function upsertTransport(sessionId: number): SyncTransport {
  return {
    async save(body): Promise<SaveOutcome> {
      const request = saveRequest(sessionId, body);
      try {
        const result =
          request.kind === 'chapter'
            ? await call(workspaceApi.upSertChapter, { body: request.body }, { quiet: true })
            : await call(workspaceApi.upSertSession, { body: request.body }, { quiet: true });
        return { kind: 'ok', version: result.version };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === null) return { kind: 'retry' };
        // the conflict's schema (and zod) is loaded only when there is one: not part of the workspace's first load
        const server =
          error.status === 409
            ? (await import('@common/schemas/workspace')).VersionConflictSchema.safeParse(error.data).data?.server
            : undefined;
        if (server) return { kind: 'conflict', server: { ...server, checkpoint: server.checkpoint_data, version: server.version } };
        if (error.status >= 500 || error.status === 429 || error.status === 408) return { kind: 'retry' };
        return { kind: 'fatal', message: error.message };
      }
    },
    flush(body) {
      const request = saveRequest(sessionId, body);
      if (JSON.stringify(request.body).length > KEEPALIVE_MAX) return;
      const options = { quiet: true, keepalive: true };
      const sent =
        request.kind === 'chapter'
          ? callRaw(workspaceApi.upSertChapter, { body: request.body }, options)
          : callRaw(workspaceApi.upSertSession, { body: request.body }, options);
      void sent.catch(() => undefined);
    },
  };
}
