import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../db';
import { AppError } from '../http/errors';
import { checkLimit, clearLimit, hit, rateLimit } from './index';

let db: Db;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-rl-'));
  db = createDb({ dataDir, DATABASE_URL: undefined });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('rate limiter over the counters table', () => {
  it('lets max hits through in a window, then throws 429 rate_limited', async () => {
    const rule = { key: 'test:a', max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i += 1) await rateLimit({ db }, rule);
    const error = await rateLimit(db, rule).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect((error as AppError).extra.retry_after).toBeGreaterThan(0);
  });

  it('starts a new window once the old one has passed', async () => {
    const rule = { key: 'test:b', max: 1, windowMs: 60_000 };
    vi.useFakeTimers({ toFake: ['Date'] }); // the limiter's clock, moved by hand
    try {
      await rateLimit(db, rule);
      vi.setSystemTime(Date.now() + 59_000);
      await expect(rateLimit(db, rule)).rejects.toMatchObject({ statusCode: 429 });
      vi.setSystemTime(Date.now() + 1_000);
      await rateLimit(db, rule);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts atomically under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(db, 'test:c', 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('checkLimit peeks without counting; clearLimit forgets', async () => {
    await checkLimit(db, { key: 'test:d', max: 2 });
    await hit(db, 'test:d', 60_000);
    await checkLimit(db, { key: 'test:d', max: 2 });
    await hit(db, 'test:d', 60_000);
    await expect(checkLimit(db, { key: 'test:d', max: 2 })).rejects.toMatchObject({ statusCode: 429 });
    await clearLimit(db, 'test:d');
    await checkLimit(db, { key: 'test:d', max: 2 });
  });
});
