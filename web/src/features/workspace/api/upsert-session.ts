import { workspaceApi } from '@common/api/workspace';
import { VersionConflictSchema } from '@common/schemas/workspace';
import { ApiError, call, callRaw } from '../../../lib/api';
import type { SaveOutcome, SyncTransport } from '../model/sync-engine';

/** POST upSertSession as the sync engine's transport: 409 → merge, network/5xx → retry, else stop. */
export function upsertTransport(sessionId: number): SyncTransport {
  return {
    async save({ checkpoint, version }): Promise<SaveOutcome> {
      try {
        const result = await call(
          workspaceApi.upSertSession,
          { body: { service_session_id: sessionId, checkpoint_data: checkpoint, version } },
          { quiet: true },
        );
        return { kind: 'ok', version: result.version };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === null) return { kind: 'retry' };
        const server = error.status === 409 ? VersionConflictSchema.safeParse(error.data).data?.server : undefined;
        if (server) return { kind: 'conflict', server: { ...server, checkpoint: server.checkpoint_data, version: server.version } };
        if (error.status >= 500 || error.status === 429 || error.status === 408) return { kind: 'retry' };
        return { kind: 'fatal', message: error.message };
      }
    },
    flush({ checkpoint, version }) {
      const body = { service_session_id: sessionId, checkpoint_data: checkpoint, version };
      // Browsers cap keepalive bodies at 64 KB; larger books rely on the draft kept in the browser.
      if (JSON.stringify(body).length > 60_000) return;
      void callRaw(workspaceApi.upSertSession, { body }, { quiet: true, keepalive: true }).catch(() => undefined);
    },
  };
}
