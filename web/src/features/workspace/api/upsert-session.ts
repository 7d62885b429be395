import { isAxiosError } from 'axios';
import type { CheckpointData } from '@common/schemas/session';
import type { UpsertSessionResult, WorkspaceSession } from '@common/schemas/workspace';
import { api, apiBaseUrl, requestLanguage } from '../../../lib/api';
import { getToken } from '../../../lib/token-store';
import type { SaveOutcome, SyncTransport } from '../model/sync-engine';
import { guestHeaders } from './guest';

/** POST upSertSession as the sync engine's transport: 409 → merge, network/5xx → retry, else stop. */
export function upsertTransport(sessionId: number): SyncTransport {
  return {
    async save({ checkpoint, version }): Promise<SaveOutcome> {
      try {
        const response = await api.post<{ success: UpsertSessionResult }>(
          '/upSertSession',
          { service_session_id: sessionId, checkpoint_data: checkpoint, version },
          { quiet: true, headers: guestHeaders(sessionId) } as object,
        );
        return { kind: 'ok', version: response.data.success.version };
      } catch (error) {
        if (!isAxiosError(error) || !error.response) return { kind: 'retry' };
        const { status, data } = error.response as { status: number; data: { error?: string; server?: WorkspaceSession } };
        if (status === 409 && data?.server) {
          return { kind: 'conflict', server: { ...data.server, checkpoint: data.server.checkpoint_data as CheckpointData, version: data.server.version } };
        }
        if (status >= 500 || status === 429 || status === 408) return { kind: 'retry' };
        return { kind: 'fatal', message: data?.error };
      }
    },
    flush({ checkpoint, version }) {
      const body = JSON.stringify({ service_session_id: sessionId, checkpoint_data: checkpoint, version });
      // Browsers cap keepalive bodies at 64 KB; larger books rely on the draft kept in the browser.
      if (body.length > 60_000) return;
      const token = getToken();
      void fetch(`${apiBaseUrl()}/api/upSertSession`, {
        method: 'POST',
        keepalive: true,
        headers: {
          'content-type': 'application/json',
          lng: requestLanguage(),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...guestHeaders(sessionId),
        },
        body,
      }).catch(() => undefined);
    },
  };
}
