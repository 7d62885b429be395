/**
 * Saves (issue 17 item 4): upSertSession of a ~40 KB checkpoint, 32 connections each saving its own
 * books with the right version (every save is accepted), beside a bare Fastify route parsing the same
 * body; and upSertChapter (one ~5 KB chapter of books like those) beside a bare GET route. On SQLite, and on
 * PostgreSQL too when DATABASE_URL is set (a fresh database on that server, dropped afterwards).
 * The data folder is on the same disk as the rest (not a tmpfs), so each commit's fsync is real.
 * Each also prints the CPU time the server used per request beside the bare server's: a figure the
 * load others put on this shared machine moves far less than requests per second.
 * Run: npm run build && npx tsx bench/saves.ts
 * (BENCH_SERVER=<another build's dist/server/server.js>: that build instead, to compare two in the same conditions)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { insertSession, updateSessionFields } from '../server/src/books/repository';
import { loadConfig } from '../server/src/config';
import { createDb } from '../server/src/db';
import { sampleBook } from '../server/test/sample-books';
import { createUser } from '../server/test/helpers';
import { BARE_SERVER, cpuMs, figure, round, startChild } from './lib';

const CONNECTIONS = 32;
/**
 * Books per connection, each its own user's, and each load (whole saves, chapter saves) on books of its own: the save
 * rate limit (600 per 10 min per requester) is reached by neither below ~11 000 saves a second (with both loads on the
 * same books, a machine saving 6 000 chapters a second ran into it). 192 books a load: all stay among the checkpoints
 * the server keeps parsed (256, books/repository.ts), as a server's writers of the moment do.
 */
const BOOKS_PER_CONNECTION = 6;

interface Book {
  id: number;
  version: number;
  headers: Record<string, string>;
}

async function freshPostgres(serverUrl: string) {
  const name = `plume_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function prepare(dataDir: string, databaseUrl: string | undefined) {
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, CAPTCHA_PROVIDER: 'none' },
  );
  const db = createDb(config);
  const app = await buildApp(config, { db, logger: false });
  // 8 chapters of ~800 words: a ~40 KB checkpoint, ~5 KB per chapter
  const { checkpoint, book_name } = sampleBook('en', { chapters: 8, wordsPerChapter: 800 });
  const books: Book[] = [];
  for (let n = 0; n < 2 * CONNECTIONS * BOOKS_PER_CONNECTION; n += 1) {
    const user = await createUser(app);
    const row = await insertSession(app.ctx.db, {
      user_id: user.id,
      guest_token_hash: null,
      service_id: 1,
      general_category_id: 1,
      book_name,
      language: 'en',
      checkpoint,
    });
    await updateSessionFields(app.ctx.db, row.id, { is_payed: 1 });
    books.push({ id: row.id, version: row.version + 1, headers: { ...user.headers, 'content-type': 'application/json' } });
  }
  await app.close();
  await db.destroy();
  const half = CONNECTIONS * BOOKS_PER_CONNECTION;
  return { wholeSaveBooks: books.slice(0, half), chapterSaveBooks: books.slice(half), checkpoint };
}

const MEASURED_SECONDS = 8;

/**
 * autocannon for MEASURED_SECONDS, with the CPU time `pid` used per request meanwhile: unlike requests
 * per second, it hardly moves with the load others put on the machine.
 */
async function measured(options: Parameters<typeof autocannon>[0], pid: number) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ ...options, duration: MEASURED_SECONDS });
  const cpuPerRequest = (cpuMs(pid) - cpuBefore) / (result.requests.average * MEASURED_SECONDS);
  return { result, rps: round(result.requests.average), p99: result.latency.p99, cpuMs: round(cpuPerRequest, 2) };
}

/**
 * autocannon with each connection cycling through its own books, each request carrying the version
 * the last answer gave (setupClient gives every connection its own request list and state).
 */
async function loadSaves(url: string, pid: number, path: string, books: Book[], bodyOf: (book: Book) => string) {
  let next = 0;
  const failures = new Map<number, number>();
  const options = {
    url,
    connections: CONNECTIONS,
    setupClient(client: { setRequests(requests: object[]): void }) {
      const mine = books.slice(next * BOOKS_PER_CONNECTION, (next += 1) * BOOKS_PER_CONNECTION);
      let turn = 0;
      let current = mine[0];
      client.setRequests([
        {
          method: 'POST',
          path,
          setupRequest: (request: object) => {
            current = mine[turn++ % mine.length];
            return { ...request, headers: current.headers, body: bodyOf(current) };
          },
          onResponse: (status: number, body: string) => {
            if (status === 200) current.version = (JSON.parse(body) as { success: { version: number } }).success.version;
            else failures.set(status, (failures.get(status) ?? 0) + 1);
          },
        },
      ]);
    },
  };
  next = 0;
  await autocannon({ ...options, duration: 2 }); // warm-up
  // saves in flight when the warm-up stopped still landed: take every book's version from the server
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const book of books) {
    const answer = await fetch(`${url}/api/getSession/${book.id}`, { headers: book.headers });
    if (!answer.ok) throw new Error(`getSession ${book.id}: ${answer.status} ${(await answer.text()).slice(0, 300)}`);
    book.version = ((await answer.json()) as { success: { version: number } }).success.version;
  }
  failures.clear();
  next = 0;
  const figures = await measured(options, pid);
  if (figures.result.non2xx > 0 || failures.size > 0)
    throw new Error(`${url}${path}: ${figures.result.non2xx} answers were not 2xx (${JSON.stringify(Object.fromEntries(failures))})`);
  return figures;
}

async function loadBare(url: string, pid: number, method: 'GET' | 'POST', body?: string) {
  const options = { url, connections: CONNECTIONS, method, body, headers: { 'content-type': 'application/json' } };
  await autocannon({ ...options, duration: 2 });
  const figures = await measured(options, pid);
  if (figures.result.non2xx > 0) throw new Error(`${url}: ${figures.result.non2xx} answers were not 2xx`);
  return figures;
}

async function bench(database: 'SQLite' | 'PostgreSQL') {
  // on the work disk, not a tmpfs: a commit's fsync is real
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bench-saves-'));
  const postgres = database === 'PostgreSQL' ? await freshPostgres(process.env.DATABASE_URL!) : undefined;
  try {
    const { wholeSaveBooks, chapterSaveBooks, checkpoint } = await prepare(dataDir, postgres?.url);
    const checkpointJson = JSON.stringify(checkpoint);
    // as a writer saves: each save's text differs from the last in one chapter (its second), the others as stored
    let saves = 0;
    const secondChapterText = new RegExp(`(?<="id":${checkpoint.data[1].id},.*?"generated_content":")`);
    const edited = (json: string) => json.replace(secondChapterText, `$&${(saves += 1)} `);
    const saveBody = (book: Book) =>
      `{"service_session_id":${book.id},"version":${book.version},"checkpoint_data":${edited(checkpointJson)}}`;
    const server = await startChild(
      [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), process.env.BENCH_SERVER ?? 'dist/server/server.js'],
      {
        DATA_DIR: dataDir,
        CAPTCHA_PROVIDER: 'none',
        NODE_ENV: 'production',
        DATABASE_URL: postgres?.url ?? '', // empty: SQLite, even when the bench itself was given DATABASE_URL
      },
    );
    const bare = await startChild([BARE_SERVER], { BARE_POST_ROUTE: '/api/upSertSession' });
    try {
      const ours = await loadSaves(server.url, server.process.pid!, '/api/upSertSession', wholeSaveBooks, saveBody);
      const anchor = await loadBare(`${bare.url}/api/upSertSession`, bare.process.pid!, 'POST', saveBody(wholeSaveBooks[0]));
      figure({
        name: `upSertSession on ${database}, ${round(checkpointJson.length / 1024, 1)} KB checkpoint, ${CONNECTIONS} savers`,
        value: ours.rps,
        anchor: 'bare Fastify route parsing the same body',
        anchorValue: anchor.rps,
        unit: 'req/s',
        goal: '≥ 0.60 × bare',
      });
      figure({
        name: `upSertSession on ${database}, p99 latency`,
        value: ours.p99,
        anchor: 'bare route p99',
        anchorValue: anchor.p99,
        unit: 'ms',
        goal: '≤ 1.5 × bare',
      });
      figure({
        name: `upSertSession on ${database}, server CPU per save`,
        value: ours.cpuMs,
        anchor: 'bare route CPU per request',
        anchorValue: anchor.cpuMs,
        unit: 'ms',
        goal: '≤ 1.67 × bare (what ≥ 0.60 × its rate needs on a saturated CPU)',
      });
      // the save a typist makes: one chapter (~5 KB), beside the bare route's simplest GET
      const chapterJson = JSON.stringify(checkpoint.data[1]);
      const chapterBody = (book: Book) => `{"service_session_id":${book.id},"version":${book.version},"chapter":${edited(chapterJson)}}`;
      const chapter = await loadSaves(server.url, server.process.pid!, '/api/upSertChapter', chapterSaveBooks, chapterBody);
      const bareGet = await loadBare(`${bare.url}/api/tools`, bare.process.pid!, 'GET');
      figure({
        name: `upSertChapter on ${database}, ${round(chapterJson.length / 1024, 1)} KB chapter of that book, ${CONNECTIONS} savers`,
        value: chapter.rps,
        anchor: 'bare Fastify GET route',
        anchorValue: bareGet.rps,
        unit: 'req/s',
        goal: `≥ ${database === 'SQLite' ? 0.25 : 0.45} × bare`,
      });
      figure({
        name: `upSertChapter on ${database}, p99 latency`,
        value: chapter.p99,
        anchor: 'bare GET route p99',
        anchorValue: bareGet.p99,
        unit: 'ms',
        goal: '—',
      });
      figure({
        name: `upSertChapter on ${database}, server CPU per save`,
        value: chapter.cpuMs,
        anchor: 'bare GET route CPU per request',
        anchorValue: bareGet.cpuMs,
        unit: 'ms',
        goal: `≤ ${database === 'SQLite' ? 4 : 2.2} × bare`,
      });
    } finally {
      await bare.stop();
      await server.stop();
    }
  } finally {
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await bench('SQLite');
if (process.env.DATABASE_URL) await bench('PostgreSQL');
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
