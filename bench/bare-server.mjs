// The anchor of the server benches: bare Fastify answering /api/tools and /api/health (same JSON bodies),
// started with plain node like the built server.
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/tools', async () => ({ success: [] }));
app.get('/api/health', async () => ({ success: { database: 'ok', storage: 'ok' } }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
