/**
 * The built server (dist/server, plain node) as a child process, a signed-in user's 100 000-word book
 * with 61 photos in its data folder:
 * 1. a request during an export: /api/tools every 10 ms while postGenerateBook runs, worst latency,
 *    beside the same request on the idle server;
 * 2. memory (RSS): idle, under load (autocannon, 20 connections), right after an export, once its
 *    process has exited (4 s) and 15 s after it, then 15 s after a second export of the same book (memory
 *    that grows export after export would show there), beside bare Fastify idle and under the same load.
 * Run: npm run build && npx tsx bench/server-load.ts (BENCH_NODE_ARGS: flags for the server's node;
 * BENCH_SERVER=<another build's dist/server/server.js>: that build instead, to compare two in the same conditions)
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import {
  BARE_SERVER,
  MALLOC_ENV,
  figure,
  generateBook,
  prepareBookData,
  quantile,
  round,
  rssMb,
  startChild,
  treeRssMb,
  type Child,
} from './lib';

const { dataDir, headers, bookId } = await prepareBookData();
// As production runs it (README): the allocator settings of MALLOC_ENV unless BENCH_MALLOC=default (to compare).
const malloc = process.env.BENCH_MALLOC === 'default' ? {} : MALLOC_ENV;
// BENCH_NODE_ARGS: more flags for the server's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to see where its time goes
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const server = await startChild([...nodeArgs, '--expose-gc', process.env.BENCH_SERVER ?? 'dist/server/server.js'], {
  DATA_DIR: dataDir,
  CAPTCHA_PROVIDER: 'none',
  NODE_ENV: 'production',
  ...malloc,
});
const bare = await startChild([BARE_SERVER]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(url: string): Promise<number> {
  const t = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - t;
}

/** Requests /api/tools back to back, 10 ms apart, until `until` settles. */
async function sampleDuring(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    times.push(await timed(`${url}/api/tools`));
    await sleep(10);
  }
  return times;
}

async function load(child: Child, path: string): Promise<number> {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(child.process.pid!))), 50);
  await autocannon({ url: `${child.url}${path}`, connections: 20, duration: 5, headers: { 'accept-encoding': 'br, gzip' } });
  clearInterval(timer);
  return peak;
}

try {
  for (let i = 0; i < 20; i += 1) await timed(`${server.url}/api/tools`);
  const idleMb = rssMb(server.process.pid!);
  const bareIdleMb = rssMb(bare.process.pid!);

  const idle = await sampleDuring(server.url, sleep(3000));
  const first = generateBook(server.url, headers, bookId);
  // Exports run in child processes of the server (server/src/exports/pool.ts): their memory counts too while they run.
  let exportPeakMb = 0;
  const sampler = setInterval(() => (exportPeakMb = Math.max(exportPeakMb, treeRssMb(server.process.pid!))), 50);
  const during = await sampleDuring(server.url, first);
  clearInterval(sampler);
  const response = await first;
  if (!response.ok) throw new Error(`postGenerateBook: ${response.status} ${await response.text()}`);
  const afterExportMb = rssMb(server.process.pid!);
  // The pool's idle export process exits after 2 s (server/src/exports/pool.ts); give the allocator a moment.
  await sleep(4000);
  const settledMb = rssMb(server.process.pid!);
  await sleep(11_000);
  const laterMb = rssMb(server.process.pid!);
  const second = await generateBook(server.url, headers, bookId);
  if (!second.ok) throw new Error(`postGenerateBook: ${second.status} ${await second.text()}`);
  await sleep(15_000);
  const secondLaterMb = rssMb(server.process.pid!);

  const loadedMb = await load(server, '/api/getGeneralCategoryLookupsById/1');
  const bareLoadedMb = await load(bare, '/api/tools');

  figure({
    name: 'a request during an export, worst',
    value: round(Math.max(...during)),
    unit: 'ms',
    anchor: 'same request on the idle server, worst',
    anchorValue: round(Math.max(...idle)),
    goal: '≤ 50 ms',
  });
  figure({
    name: 'a request during an export, p95',
    value: round(quantile(during, 0.95), 1),
    unit: 'ms',
    anchor: 'idle p95',
    anchorValue: round(quantile(idle, 0.95), 1),
    goal: '—',
  });
  figure({
    name: 'server memory idle (RSS)',
    value: idleMb,
    unit: 'MB',
    anchor: 'bare Fastify idle',
    anchorValue: bareIdleMb,
    goal: '< 120 MB',
  });
  figure({
    name: 'server memory under load (peak RSS)',
    value: loadedMb,
    unit: 'MB',
    anchor: 'bare Fastify under the same load',
    anchorValue: bareLoadedMb,
    goal: '< 150 MB',
  });
  figure({
    name: 'server and its export processes during an export (peak RSS)',
    value: exportPeakMb,
    unit: 'MB',
    anchor: 'idle before it',
    anchorValue: idleMb,
    goal: '—',
  });
  figure({
    name: 'server memory right after an export',
    value: afterExportMb,
    unit: 'MB',
    anchor: 'idle before it',
    anchorValue: idleMb,
    goal: '—',
  });
  figure({
    name: 'server memory 4 s after an export',
    value: settledMb,
    unit: 'MB',
    anchor: 'idle before it',
    anchorValue: idleMb,
    goal: 'back to idle',
  });
  figure({
    name: 'server memory 15 s after an export',
    value: laterMb,
    unit: 'MB',
    anchor: 'idle before it',
    anchorValue: idleMb,
    goal: 'back to idle',
  });
  figure({
    name: 'server memory 15 s after a second export of the book',
    value: secondLaterMb,
    unit: 'MB',
    anchor: '15 s after the first',
    anchorValue: laterMb,
    goal: 'no growth',
  });
} finally {
  await server.stop();
  await bare.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
