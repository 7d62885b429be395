/**
 * Reading books (issue 17 item 5): getUserSessions and getSession on a database of 10 000 users × 3
 * books, 20 connections, each beside a bare Fastify route answering the same JSON (saved from our
 * server's answer) in the same run, with each server's CPU time per request (steadier than req/s on a
 * shared machine). BENCH_NODE_ARGS is passed to our server's node (e.g. `--cpu-prof`).
 * Run: npm run build && npx tsx bench/my-books.ts
 * (BENCH_SERVER=<another build's dist/server/server.js>: that build instead, to compare two in the same conditions)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app';
import { insertSession } from '../server/src/books/repository';
import { loadConfig } from '../server/src/config';
import { nowIso } from '../server/src/db';
import { newSignInToken } from '../server/test/helpers';
import { sampleBook } from '../server/test/sample-books';
import { BARE_SERVER, cpuMs, figure, round, startChild } from './lib';

const USERS = 10_000;
const BOOKS_PER_USER = 3;

async function prepareDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bench-books-'));
  const app = await buildApp(loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none' }), {
    logger: false,
  });
  // a book of 8 chapters with some written text: about 30 KB of checkpoint
  const { checkpoint } = sampleBook('en', { chapters: 8, wordsPerChapter: 600 });
  const readerTokens: string[] = [];
  let lastBook = 0;
  const now = nowIso();
  for (let first = 0; first < USERS; first += 500) {
    await app.ctx.db.transaction().execute(async (trx) => {
      for (let n = first; n < Math.min(USERS, first + 500); n += 1) {
        const user = await trx
          .insertInto('users')
          .values({
            email: `reader${n}@bench.example`,
            password_hash: null,
            first_name: 'Ada',
            last_name: 'Lovelace',
            city: 'London',
            is_verified: 1,
            coupon_code: null,
            language: 'en',
            google_sub: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let b = 0; b < BOOKS_PER_USER; b += 1) {
          const book = await insertSession(trx, {
            user_id: user.id,
            guest_token_hash: null,
            service_id: 1,
            general_category_id: 1,
            book_name: `Book ${b + 1} of reader ${n}`,
            language: 'en',
            checkpoint,
          });
          lastBook = book.id;
        }
        readerTokens.push(await newSignInToken(trx, user.id));
      }
    });
  }
  await app.close();
  // the last reader owns the book getSession opens
  return { dataDir, readerTokens, bookId: lastBook };
}

const authorization = (token: string) => ({ authorization: `Bearer ${token}` });

const MEASURED_SECONDS = 8;

/**
 * Requests per second, p99, and the CPU time `pid` (the server answering) used per request meanwhile;
 * each request signed in as the next of `tokens`.
 */
async function load(url: string, tokens: string[], pid: number) {
  let next = 0;
  const requests = [
    {
      setupRequest: (request: { headers?: Record<string, string> }) => ({
        ...request,
        headers: authorization(tokens[next++ % tokens.length]),
      }),
    },
  ];
  await autocannon({ url, connections: 20, duration: 2, requests }); // warm-up
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: 20, duration: MEASURED_SECONDS, requests });
  const cpuPerRequest = (cpuMs(pid) - cpuBefore) / (result.requests.average * MEASURED_SECONDS);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: round(result.requests.average), p99: result.latency.p99, cpuMs: round(cpuPerRequest, 3) };
}

const started = performance.now();
const { dataDir, readerTokens, bookId } = await prepareDatabase();
console.log(`database of ${USERS} users × ${BOOKS_PER_USER} books built in ${round((performance.now() - started) / 1000, 1)} s`);
const server = await startChild([...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), process.env.BENCH_SERVER ?? 'dist/server/server.js'], {
  DATA_DIR: dataDir,
  CAPTCHA_PROVIDER: 'none',
  NODE_ENV: 'production',
});
try {
  const owner = readerTokens.slice(-1);
  // My Books as many people open it: each request another reader's (their books' pages are not all in
  // SQLite's cache); getSession as an author's tabs and reloads ask for it: one book again and again
  for (const [name, route, tokens, goalRatio, goalP99] of [
    ['getUserSessions (My Books), each request another reader’s', '/api/getUserSessions', readerTokens, 0.3, 5],
    ['getSession (open a book)', `/api/getSession/${bookId}`, owner, 0.5, 8],
  ] as const) {
    const body = await (await fetch(`${server.url}${route}`, { headers: authorization(owner[0]) })).text();
    const bodyFile = path.join(dataDir, 'bare-body.json');
    fs.writeFileSync(bodyFile, body);
    const bare = await startChild([BARE_SERVER], { BARE_ROUTE: route.replace(/\/\d+$/, '/:id'), BARE_BODY_FILE: bodyFile });
    try {
      const ours = await load(`${server.url}${route}`, tokens, server.process.pid!);
      const anchor = await load(`${bare.url}${route}`, tokens, bare.process.pid!);
      const size = `${round(body.length / 1024, 1)} KB JSON`;
      figure({
        name: `${name}, 10 000 users × 3 books, 20 connections, ${size}`,
        value: ours.rps,
        anchor: 'bare Fastify route answering the same JSON',
        anchorValue: anchor.rps,
        unit: 'req/s',
        goal: `≥ ${goalRatio} × bare`,
      });
      figure({
        name: `${name}, p99 latency`,
        value: ours.p99,
        anchor: 'bare route p99',
        anchorValue: anchor.p99,
        unit: 'ms',
        goal: `< ${goalP99} ms`,
      });
      figure({
        name: `${name}, server CPU per request`,
        value: ours.cpuMs,
        anchor: 'bare route CPU per request',
        anchorValue: anchor.cpuMs,
        unit: 'ms',
        goal: `≤ ${round(1 / goalRatio, 2)} × bare (what ≥ ${goalRatio} × its rate needs on a saturated CPU)`,
      });
    } finally {
      await bare.stop();
    }
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
