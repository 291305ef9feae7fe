/** Outgoing e-mail: SMTP through nodemailer when configured, otherwise an outbox of .eml files. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A code shown in development when there is no SMTP server (never logged with SMTP). */
  devCode?: string;
  /** The same on every attempt of one notification, so that a repeat is recognised; else nodemailer's. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: options.from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId });
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(options.outboxDir, { recursive: true });
  options.log.warn({ outbox: options.outboxDir }, 'SMTP_URL is not set: e-mails are written to the outbox folder');
  return {
    async send(m) {
      const info = await stream.sendMail({
        from: options.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: m.messageId,
      });
      const file = join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      // Development only: with no mail server, the code is printed so that a developer can sign up.
      options.log.info({ file, ...(m.devCode ? { devCode: m.devCode } : {}) }, 'e-mail written to the outbox');
    },
  };
}
