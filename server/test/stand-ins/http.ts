import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What every HTTP stand-in shares: a server on 127.0.0.1 and a close() that drops open connections too. */
export interface HttpStandIn {
  server: http.Server;
  port: number;
  /** `http://127.0.0.1:{port}` */
  origin: string;
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1 (`port` 0: any free port). A handler that throws destroys its connection. */
export async function listenStandIn(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown,
  port = 0,
): Promise<HttpStandIn> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    void Promise.resolve()
      .then(() => handler(req, res))
      .catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    origin: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The whole request body. */
export async function readBody(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Answers JSON (or a string as is) unless the connection is already gone. */
export function send(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}
