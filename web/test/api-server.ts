import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import type { Env } from '../../server/src/config';
import { buildTestApp, type TestApp } from '../../server/test/helpers';

/**
 * The real server (a fresh database) listening on 127.0.0.1, and the web client's base address pointed
 * at it (VITE_API_BASE_URL): a component's calls go through `call()` and the server's own routes.
 */
export async function startApiServer(overrides: Partial<Env> = {}): Promise<{ app: TestApp; close(): Promise<void> }> {
  const app = await buildTestApp(overrides);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${port}`);
  return {
    app,
    async close() {
      vi.unstubAllEnvs();
      await app.close();
    },
  };
}
