import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { startSmtpStandIn } from '../../../test/stand-ins/smtp';

/** A port nothing listens on (yet): the mail server is down. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * E-mail on the job queue (issue 13 item 5): a message the mail server cannot take is kept and tried
 * again, and goes out once the server is back; the request that sent it does not fail.
 */
describe('e-mail while the mail server is down', () => {
  let app: TestApp;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>> | undefined;
  beforeAll(async () => {
    port = await freePort();
    app = await buildTestApp({
      SMTP_URL: `smtp://test:secret@127.0.0.1:${port}`,
      OPERATOR_EMAIL: 'owner@plume.example',
      JOB_POLL_MS: 50,
      JOB_RETRY_DELAY_MS: 1_000,
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp?.close();
  });

  it('keeps the message, retries it on the queue, and delivers it once the server is up', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/sendContactMessage',
      headers: { lng: 'fr' },
      payload: { name: 'Anne', email: 'anne@example.com', message: 'Bonjour, comment télécharger mon livre ?' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // kept, with the server's refusal, and tried once more while still down
    await app.ctx.queue.idle();
    const kept = await app.ctx.db.selectFrom('mail_outbox').selectAll().execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.sent_at).toBeNull();
    expect(kept[0]!.error).toMatch(/ECONNREFUSED/);

    smtp = await startSmtpStandIn(port);
    await expect.poll(() => smtp!.messages.length, { timeout: 20_000, interval: 100 }).toBe(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(['owner@plume.example']);
    expect(mail.raw).toMatch(/^Reply-To: anne@example\.com/m);
    expect(mail.raw).toContain('comment t');
    await expect
      .poll(async () => (await app.ctx.db.selectFrom('mail_outbox').select('sent_at').executeTakeFirstOrThrow()).sent_at, {
        timeout: 5_000,
      })
      .not.toBeNull();
    await app.ctx.queue.idle();
    expect(smtp.messages).toHaveLength(1);
  });
});
