import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { listen, StartError } from './listen';
import { buildTestApp } from '../test/helpers';
import { registerAndVerify, waitForMail } from '../test/accounts-support';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

describe('configuration a self-hoster gets right first time', () => {
  it('derives PUBLIC_URL from HOST and PORT unless it is set', () => {
    expect(loadConfig({ PORT: '8123' }).PUBLIC_URL).toBe('http://localhost:8123');
    expect(loadConfig({ PORT: '8123', HOST: '192.168.1.20' }).PUBLIC_URL).toBe('http://192.168.1.20:8123');
    expect(loadConfig({ PORT: '8123', HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:8123');
    expect(loadConfig({ PORT: '8123', PUBLIC_URL: 'https://plume.example.org' }).PUBLIC_URL).toBe('https://plume.example.org');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:8000');
  });

  it('puts the changed port in the reset link of the e-mail', async () => {
    const app = await buildTestApp({ PORT: 8123 });
    closers.push(() => app.close());
    const account = await registerAndVerify(app);
    await app.inject({ method: 'POST', url: '/api/forgotPassword', payload: { email: account.email }, headers: { lng: 'es' } });
    const mail = await waitForMail(app, account.email, /reset-password\?token=/);
    expect(mail).toMatch(/http:\/\/localhost:8123\/es\/reset-password\?token=/);
  });

  it('returns the address really bound', async () => {
    const app = Fastify();
    closers.push(() => app.close());
    const address = await listen(app, 0, '127.0.0.1');
    expect(address).toBe(`http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`);
  });

  it('explains a port already in use in one line', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as net.AddressInfo).port;
    const app = Fastify();
    closers.push(() => app.close());
    const error = await listen(app, port, '127.0.0.1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartError);
    expect((error as Error).message).toBe(
      `Port ${port} is already in use on 127.0.0.1: stop the program using it or set PORT to a free port.`,
    );
  });
});
