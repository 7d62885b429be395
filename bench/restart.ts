/**
 * Restart (issue 18 item 8, goal < 2 s): a running built server, run as the README's supervisor runs
 * it (`node dist/server/server.js`), is sent SIGTERM; once it has exited the same command starts it
 * again on the same port → time from the
 * SIGTERM to the new process's first 200 on /api/health (database and storage checked). Beside it,
 * bare Fastify restarted the same way. Runs alternate; medians. Run: npx tsx bench/restart.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BARE_SERVER, figure, median, round, startChild, type Child } from './lib';

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = 8189;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bench-restart-'));
const env = { DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none' };
const probe = { port: PORT, probe: '/api/health' };

/** SIGTERM → exit → start again → first answer, in ms; returns the new process too. */
async function restart(running: Child, args: string[], childEnv: Record<string, string> = {}): Promise<{ ms: number; child: Child }> {
  const exited = new Promise<void>((resolve) => running.process.once('exit', () => resolve()));
  const started = performance.now();
  running.process.kill('SIGTERM');
  await exited;
  const child = await startChild(args, childEnv, probe);
  return { ms: performance.now() - started, child };
}

const ours: number[] = [];
const bare: number[] = [];
const SERVER = ['dist/server/server.js'];
// First start through `npm start`'s script: builds what is missing, creates and seeds the database (not measured).
let plume = await startChild(['scripts/start.mjs'], env, probe);
for (let i = 0; i < RUNS; i += 1) {
  const a = await restart(plume, SERVER, env);
  ours.push(a.ms);
  await a.child.stop();
  const bareChild = await startChild([BARE_SERVER], {}, probe);
  const b = await restart(bareChild, [BARE_SERVER]);
  bare.push(b.ms);
  await b.child.stop();
  plume = await startChild(SERVER, env, probe);
}
await plume.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
figure({
  name: 'restart: SIGTERM to a running server → first /api/health answer of the new one',
  value: round(median(ours)),
  unit: 'ms',
  anchor: 'bare Fastify restarted the same way',
  anchorValue: round(median(bare)),
  goal: '< 2000 ms',
});
