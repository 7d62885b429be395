import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config';

/** The real server process (server.ts), on a free port with a fresh data folder. */
async function startServer(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'plume-shutdown-')),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      CAPTCHA_PROVIDER: 'none',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const until = Date.now() + 60_000; ;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/tools`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port, exited };
    if (Date.now() > until) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A request whose body never finishes arriving (a slow or stalled client). */
function stalledUpload(port: number): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":');
  return socket;
}

/**
 * A stalled upload the server has certainly started on: its headers ask `Expect: 100-continue`, so the
 * server answers `100 Continue` once it has read them; the body then stops halfway.
 */
async function uploadInFlight(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
  );
  await new Promise<void>((resolve) => {
    let data = '';
    const onData = (chunk: Buffer) => {
      data += chunk.toString();
      if (data.includes('100 Continue')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  socket.write('{"email":');
  return socket;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the server process: timeouts and shutdown', () => {
  it('SIGTERM closes idle keep-alive connections at once and exits', async () => {
    const { child, port, exited } = await startServer();
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      http.get({ port, host: '127.0.0.1', path: '/api/tools', agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
    );
    const started = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
  }, 90_000);

  it('an in-flight request that never ends is cut after SHUTDOWN_TIMEOUT_MS, then the process exits', async () => {
    const { child, port, exited } = await startServer({ SHUTDOWN_TIMEOUT_MS: '1500' });
    const socket = await uploadInFlight(port);
    const started = Date.now();
    child.kill('SIGTERM');
    await exited;
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
    expect(elapsed).toBeLessThan(4_000);
    socket.destroy();
  }, 90_000);

  it('a body that stops arriving gets 408 after REQUEST_TIMEOUT_MS; the server keeps serving', async () => {
    const { port } = await startServer({ REQUEST_TIMEOUT_MS: '1000' });
    const started = Date.now();
    const socket = stalledUpload(port);
    const answer = await new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // after the timeout, not at Node's next 30 s sweep of connections
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await fetch(`http://127.0.0.1:${port}/api/tools`)).ok).toBe(true);
  }, 90_000);
});
