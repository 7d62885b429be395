/**
 * A second server node for the queue test (server/src/jobs/queue.test.ts): it takes one job of the
 * given kind on the PostgreSQL queue, says "started <refId>" on stdout and then works forever — until
 * the test kills it with SIGKILL, like a crashed server.
 */
import pino from 'pino';
import { createQueue } from '../src/jobs/queue';

const [databaseUrl, kind, leaseMs] = process.argv.slice(2);
const queue = createQueue(null as never, { databaseUrl, log: pino({ level: 'silent' }), pollMs: 50, leaseMs: Number(leaseMs) });
queue.handle(kind, {
  run: (refId) => {
    process.stdout.write(`started ${refId}\n`);
    return new Promise(() => undefined);
  },
  failed: async () => undefined,
});
queue.start();
