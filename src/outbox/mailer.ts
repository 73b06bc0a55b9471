// Email delivery (notify/README.md): SMTP through nodemailer when SMTP_URL is set; without it
// each message is written as `<dataDir>/outbox/<id>.eml`, so the embedded default loses
// nothing and an operator can open the files in any mail client.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { EmailPayload } from './repo.ts';

export interface Mailer {
  /** Delivers one message; `id` names it (the outbox row). Throws when it was not accepted. */
  send(id: number, message: EmailPayload): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
}

function mailOf(id: number, from: string, m: EmailPayload) {
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    // nodemailer puts it in the alternatives (text/calendar; method=…) and attaches it as invite.ics.
    ...(m.calendar
      ? { icalEvent: { method: m.calendar.method, filename: 'invite.ics', content: m.calendar.content } }
      : {}),
    // The same id on a retry lets a receiving system spot a duplicate.
    messageId: `<outbox-${id}@parlor>`,
  };
}

export function smtpMailer(smtpUrl: string, mailFrom: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // An unreachable server must fail the attempt quickly; the outbox retries it later.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } satisfies SMTPTransport.Options);
  return {
    async send(id, message) {
      await transport.sendMail(mailOf(id, mailFrom, message));
    },
    close: () => transport.close(),
  };
}

export function fileMailer(dataDir: string, mailFrom: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = join(dataDir, 'outbox');
  return {
    async send(id, message) {
      const info = await transport.sendMail(mailOf(id, mailFrom, message));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${id}.eml`);
      // Written whole, then renamed: a reader never sees half a message. Private (0600):
      // messages carry visitors' names, contact details and conversations.
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    },
    close: () => transport.close(),
  };
}

export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl ? smtpMailer(opts.smtpUrl, opts.mailFrom) : fileMailer(opts.dataDir, opts.mailFrom);
}
