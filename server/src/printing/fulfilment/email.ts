import type { MailMessage, Mailer } from '../../providers/mail';
import type { PrintFulfilment } from './index';

/** A message to the print operator: plain lines, the same in the HTML part. */
export function operatorMail(to: string, subject: string, lines: string[], attachments?: MailMessage['attachments']): MailMessage {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return { to, subject, text: lines.join('\n'), html: `<pre style="font-family:monospace">${escape(lines.join('\n'))}</pre>`, attachments };
}

/**
 * The default provider: the print operator (PRINT_ORDERS_EMAIL) receives the interior and the
 * cover as PDFs with the shipping address, and prints or forwards the order by hand.
 */
export function emailFulfilment(mailer: Mailer, operator: string): PrintFulfilment {
  return {
    kind: 'email',
    async submit(job) {
      const cover = await job.cover(job.geometry);
      await job.storeCover(cover);
      const a = job.address;
      const lines = [
        `Print order ${job.reference}`,
        '',
        `Title: ${job.title}`,
        `Copies: ${job.copies}`,
        `Pages: ${job.pageCount} (interior.pdf, 6 × 9 in, fonts embedded)`,
        `Cover spread: ${job.geometry.width.toFixed(1)} × ${job.geometry.height.toFixed(1)} pt, spine ${job.geometry.spine.toFixed(1)} pt (cover.pdf)`,
        '',
        'Ship to:',
        a.recipient_name,
        a.address,
        `${a.postal_code} ${a.city}`,
        a.country,
        `Phone: ${a.phone}`,
        '',
        `Customer: ${job.contactEmail}`,
      ];
      await mailer.send(
        operatorMail(operator, `Print order ${job.reference}: ${job.copies} × ${job.title}`, lines, [
          { filename: `${job.reference}-interior.pdf`, content: job.interior, contentType: 'application/pdf' },
          { filename: `${job.reference}-cover.pdf`, content: cover, contentType: 'application/pdf' },
        ]),
      );
      return { status: 'received', jobId: null, providerStatus: null };
    },
  };
}
