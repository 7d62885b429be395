/**
 * An export process of server/src/exports/pool.ts: takes one job at a time from the server over the IPC
 * channel (advanced serialization: Buffers, Uint8Arrays and Maps arrive as they were sent), builds the
 * files with the export worker (worker.ts) and sends the result back. It exits when the server lets it
 * go (idle) or goes away.
 */
import { runExport, type ExportJob, type ExportResult } from './worker';

/** What the process answers for a job: its result, or the error it threw. */
export type ExportMessage = { ok: true; result: ExportResult } | { ok: false; error: { message: string; stack?: string; code?: string } };

const send = (message: ExportMessage) => process.send!(message);

process.on('message', (job: ExportJob) => {
  runExport(job).then(
    (result) => send({ ok: true, result }),
    (error: Error & { code?: string }) => send({ ok: false, error: { message: error.message, stack: error.stack, code: error.code } }),
  );
});
process.on('disconnect', () => process.exit(0));
