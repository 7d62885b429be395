import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/health', () => {
  it('answers ok when the database and storage work, 503 (translated) when storage cannot write', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: { database: 'ok', storage: 'ok' } });
    const files = path.join(app.ctx.config.dataDir, 'files');
    fs.rmSync(files, { recursive: true, force: true });
    fs.writeFileSync(files, 'not a folder');
    const down = await app.inject({ method: 'GET', url: '/api/health', headers: { lng: 'fr' } });
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('health.unavailable');
    fs.rmSync(files);
  });
});
