// The anchor of the server benches: bare Fastify answering /api/tools and /api/health (same JSON bodies),
// and optionally BARE_ROUTE with the JSON in BARE_BODY_FILE,
// started with plain node like the built server.
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/tools', async () => ({ success: [] }));
app.get('/api/health', async () => ({ success: { database: 'ok', storage: 'ok' } }));
// bench/my-books.ts: a fixed JSON body (our server's answer, saved to a file) at the same path as ours
if (process.env.BARE_ROUTE && process.env.BARE_BODY_FILE) {
  const body = fs.readFileSync(process.env.BARE_BODY_FILE, 'utf8');
  app.get(process.env.BARE_ROUTE, async (request, reply) => reply.type('application/json').send(body));
}
// bench/saves.ts: a POST route that parses a JSON body as large as a checkpoint and answers a save's result
if (process.env.BARE_POST_ROUTE) {
  app.post(process.env.BARE_POST_ROUTE, { bodyLimit: 5_000_000 }, async (request) => ({
    success: { id: request.body.service_session_id, version: request.body.version + 1, updated_at: new Date().toISOString(), progress: 0 },
  }));
}
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
