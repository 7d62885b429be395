import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes (the contact form: the visitor who wrote). */
  replyTo?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** Where the offline transport writes one .eml file per message. */
export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

/**
 * SMTP through nodemailer when SMTP_URL is set (e.g. `smtp://user:pass@host:587`,
 * `smtps://…:465`); otherwise every message is written as an .eml file to DATA_DIR/outbox.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>): Mailer {
  if (config.SMTP_URL) return smtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return outboxMailer(outboxDir(config), config.MAIL_FROM);
}

/** nodemailer is loaded on the first message, not at start. */
const loadNodemailer = async () => (await import('nodemailer')).default;

function smtpMailer(url: string, from: string): Mailer {
  let transport: Transporter | undefined;
  return {
    kind: 'smtp',
    async send(message) {
      transport ??= (await loadNodemailer()).createTransport(url);
      await transport.sendMail({ from, ...message });
    },
  };
}

function outboxMailer(dir: string, from: string): Mailer {
  let transport: Transporter | undefined;
  return {
    kind: 'outbox',
    async send(message) {
      transport ??= (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from, ...message });
      fs.mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const tmp = path.join(dir, `.${name}.tmp`);
      // Written then renamed, so a reader never sees half a message.
      await fs.promises.writeFile(tmp, info.message as Buffer);
      await fs.promises.rename(tmp, path.join(dir, name));
    },
  };
}
