import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { JobHandler, Queue } from '../../jobs/queue';
import type { MailMessage, Mailer } from './index';

export const MAIL_JOB = 'mail';
/** Tries of a message the mail server refused or could not be reached for: 30 s, 1 min, 2 min… ≈ 4 h in all. */
const MAIL_RETRIES = 9;

type StoredMessage = Omit<MailMessage, 'attachments'> & {
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
};

const store = (message: MailMessage): string =>
  JSON.stringify({
    ...message,
    attachments: message.attachments?.map((a) => ({ ...a, content: a.content.toString('base64') })),
  } satisfies StoredMessage);

const restore = (json: string): MailMessage => {
  const stored = JSON.parse(json) as StoredMessage;
  return { ...stored, attachments: stored.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })) };
};

/**
 * Every e-mail goes through this (issue 13 item 5): sent at once when the mail server takes it;
 * otherwise kept in `mail_outbox` and handed to the job queue as a `mail` job, tried again with growing
 * waits until the server takes it, so a mail server outage loses no message and fails no request.
 */
export function queuedMailer(inner: Mailer, db: Db, queue: Queue, log: FastifyBaseLogger): Mailer {
  return {
    kind: inner.kind,
    async send(message) {
      try {
        await inner.send(message);
      } catch (error) {
        log.warn({ err: error, to: message.to, subject: message.subject }, 'mail not sent: queued to be tried again');
        const row = await db
          .insertInto('mail_outbox')
          .values({
            message_json: store(message),
            error: String((error as Error).message ?? error).slice(0, 500),
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queue.enqueue(MAIL_JOB, Number(row.id));
      }
    },
  };
}

/** The `mail` job: delivers a kept message; after its last try the message stays in `mail_outbox` with its error. */
export function mailJob(inner: Mailer, db: Db, log: FastifyBaseLogger): JobHandler {
  return {
    retries: MAIL_RETRIES,
    async run(id) {
      const row = await db.selectFrom('mail_outbox').select(['message_json', 'sent_at']).where('id', '=', id).executeTakeFirst();
      if (!row || row.sent_at) return;
      await inner.send(restore(row.message_json));
      await db.updateTable('mail_outbox').set({ sent_at: new Date().toISOString(), error: null }).where('id', '=', id).execute();
    },
    async failed(id, reason) {
      log.error({ mail: id, reason }, 'mail given up after its retries: kept in mail_outbox');
      await db.updateTable('mail_outbox').set({ error: reason }).where('id', '=', id).execute();
    },
  };
}
