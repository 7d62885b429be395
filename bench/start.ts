/**
 * Start: `npm start` with the build present (scripts/start.mjs: source hashes checked, nothing
 * rebuilt, the bundled server run by plain node) → its first answer, beside a bare Fastify server
 * started the same way. Runs alternate; medians. Run: npx tsx bench/start.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BARE_SERVER, figure, median, round, startChild } from './lib';

const RUNS = Number(process.env.RUNS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bench-start-'));
const env = { DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none' };

// First start: builds what is missing, creates and seeds the database (not measured).
await (await startChild(['scripts/start.mjs'], env)).stop();
const ours: number[] = [];
const bare: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const a = await startChild(['scripts/start.mjs'], env);
  ours.push(a.readyMs);
  await a.stop();
  const b = await startChild([BARE_SERVER]);
  bare.push(b.readyMs);
  await b.stop();
}
fs.rmSync(dataDir, { recursive: true, force: true });
figure({
  name: 'start: npm start with the build present → first answer',
  value: round(median(ours)),
  unit: 'ms',
  anchor: 'bare Fastify, plain node',
  anchorValue: round(median(bare)),
  goal: '≤ 1000 ms (≤ 1.5 × bare)',
});
