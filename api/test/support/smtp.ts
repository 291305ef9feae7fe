/** A real SMTP server (smtp-server) on loopback that keeps what it accepted; a test may decide,
 * for each message that arrives, to refuse it instead (after killing its sender, say). */
import { EventEmitter, once } from 'node:events';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.ts';

export interface Received {
  to: string;
  subject: string;
  messageId: string;
}

export async function startSmtpInbox() {
  const received: Received[] = [];
  const arrived = new EventEmitter();
  let decide: ((message: Received) => 'accept' | 'refuse') | null = null;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    onData(stream, _session, done) {
      void simpleParser(stream).then((mail) => {
        const message = {
          to: String(mail.to && 'text' in mail.to ? mail.to.text : ''),
          subject: mail.subject ?? '',
          messageId: mail.messageId ?? '',
        };
        if (decide?.(message) === 'refuse') return done(new Error('refused by the test'));
        received.push(message);
        done();
        arrived.emit('message');
      }, done);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    /** Called for every message before it is accepted; null: accept all. */
    onMessage(hook: typeof decide) {
      decide = hook;
    },
    /** The accepted messages to `to` whose subject matches. */
    to: (to: string, subject: RegExp) => received.filter((m) => m.to.includes(to) && subject.test(m.subject)),
    /** Resolves once a matching message was accepted. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 120_000): Promise<Received> {
      const signal = AbortSignal.timeout(timeoutMs);
      for (;;) {
        const found = received.find((m) => m.to.includes(to) && subject.test(m.subject));
        if (found) return found;
        await once(arrived, 'message', { signal }).catch(() => {
          throw new Error(`no e-mail «${subject.source}» to ${to} within ${timeoutMs} ms`);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;
