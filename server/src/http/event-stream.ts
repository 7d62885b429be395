import type { FastifyReply } from 'fastify';

/** Keeps proxies from closing a quiet stream while the server works. */
const HEARTBEAT_MS = 15_000;

export interface EventStream<E extends string> {
  /** Sends one event (`event: name`, `data: JSON`); nothing once the client is gone. */
  send(event: E, data: unknown): void;
  /** Aborted when the client closes the stream before it ends. */
  signal: AbortSignal;
  end(): void;
}

/**
 * The one writer of `text/event-stream` answers: takes the reply over (never compressed or
 * buffered), keeps the headers already set (security, CORS), sends a comment every 15 s, and
 * reports the client's departure through `signal`. Call `end()` when done (in a finally).
 */
export function openEventStream<E extends string>(reply: FastifyReply, heartbeatMs = HEARTBEAT_MS): EventStream<E> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.flushHeaders();
  const open = () => !raw.writableEnded && !raw.destroyed;
  const controller = new AbortController();
  raw.on('close', () => {
    if (!raw.writableFinished) controller.abort(new Error('client closed the stream'));
  });
  const heartbeat = setInterval(() => {
    if (open()) raw.write(': ping\n\n');
  }, heartbeatMs);
  return {
    send(event, data) {
      if (open()) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    signal: controller.signal,
    end() {
      clearInterval(heartbeat);
      if (!raw.writableEnded) raw.end();
    },
  };
}
