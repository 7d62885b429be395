import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTranslator } from '../../http/messages';
import { startSmtpStandIn } from '../../../test/stand-ins/smtp';
import { XSS_CORPUS } from '../../../test/xss-corpus';
import { createMailer, outboxDir } from './index';
import { composeMail, type MailKind } from './templates';

const translate = createTranslator(loadConfig({}).localesDir);
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp.close();
});

describe('composeMail', () => {
  it('keeps hostile text in every placeholder of every message as text: no tag, attribute or link of its own (issue 18 item 9)', () => {
    const kinds: MailKind[] = [
      'reset',
      'confirm',
      'welcome',
      'receipt',
      'gift',
      'renewal_failed',
      'print_order',
      'print_refunded',
      'refund',
      'audiobook_ready',
    ];
    const placeholders = ['address', 'amount', 'buyer', 'code', 'copies', 'date', 'email', 'from', 'item', 'name', 'pages', 'price'];
    const more = ['rate', 'reference', 'tax', 'title', 'url'];
    const link = 'https://plume.example/en/reset?token=abc';
    for (const lng of ['en', 'fr', 'es', 'it'] as const) {
      for (const kind of kinds) {
        for (const hostile of XSS_CORPUS) {
          const params = Object.fromEntries([...placeholders, ...more].map((name) => [name, hostile]));
          const mail = composeMail(translate, lng, kind, 'reader@example.com', link, params);
          // the template's own markup only: hostile tags would add names, or attributes outside these
          const tags = [...mail.html.matchAll(/<\/?\s*([a-zA-Z][\w-]*)/g)].map((match) => match[1].toLowerCase());
          expect(new Set(tags), `${lng} ${kind} ${hostile}`).toEqual(
            new Set(['html', 'body', 'div', 'p', 'a', ...(tags.includes('br') ? ['br'] : [])]),
          );
          expect([...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([link.replace(/&/g, '&amp;')]);
          // inside the real tags (escaped text holds no '<'): no event handler, no script URL
          for (const tag of mail.html.match(/<[^>]*>/g) ?? []) expect(tag).not.toMatch(/\son\w+\s*=|javascript:/i);
          expect(mail.html).not.toContain('<![CDATA[');
          expect(mail.subject).not.toMatch(/[\r\n]/);
        }
      }
    }
  });

  it('writes the reset message in the reader’s language, as text and HTML, with the link', () => {
    const link = 'http://localhost:8000/it/reset-password?token=abc';
    const message = composeMail(translate, 'it', 'reset', 'ada@example.com', link, { name: 'Ada <b>' });
    expect(message.subject).toBe('Scelga una nuova password per Plume');
    expect(message.text).toContain('Gentile Ada <b>,');
    expect(message.text).toContain(link);
    expect(message.html).toContain('Gentile Ada &lt;b&gt;,');
    expect(message.html).toContain(`href="${link}"`);
    for (const lng of ['en', 'fr', 'es'] as const) {
      for (const kind of ['reset', 'confirm', 'welcome'] as const) {
        const m = composeMail(translate, lng, kind, 'a@b.co', link, { name: 'A' });
        expect(m.subject).not.toMatch(/\./);
        expect(m.text).not.toMatch(/\b(reset|confirm|welcome)\.(subject|body)\b/);
      }
    }
  });
});

describe('mail transports', () => {
  it('writes one .eml per message to DATA_DIR/outbox by default', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-mail-'));
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Plume <no-reply@plume.local>', dataDir });
    expect(mailer.kind).toBe('outbox');
    await mailer.send(composeMail(translate, 'fr', 'welcome', 'marie@example.com', 'http://localhost:8000/fr/my-books', { name: 'Marie' }));
    const files = fs.readdirSync(outboxDir({ dataDir })).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outboxDir({ dataDir }), files[0]), 'utf8');
    expect(raw).toContain('To: marie@example.com');
    expect(raw).toContain('From: Plume <no-reply@plume.local>');
    expect(raw).toMatch(/multipart\/alternative/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends through SMTP (nodemailer) to a real SMTP server when SMTP_URL is set', async () => {
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Plume <no-reply@plume.local>', dataDir: os.tmpdir() });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(
      composeMail(translate, 'es', 'reset', 'lola@example.com', 'http://localhost:8000/es/reset-password?token=xyz', { name: 'Lola' }),
    );
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({ from: 'no-reply@plume.local', to: ['lola@example.com'] });
    expect(smtp.messages[0].raw.replace(/=\r?\n/g, '')).toContain('reset-password?token=3Dxyz');
    expect(smtp.messages[0].raw).toMatch(/Subject: .*Plume|Subject: =\?UTF-8/);
  });
});
