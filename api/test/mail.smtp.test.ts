/** E-mail over a real SMTP server started in the test: the code is read from the received message. */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp } from './support/app.ts';
import { freePort } from './support/ports.ts';

let t: TestApp;
let smtp: SMTPServer;
const inbox: Buffer[] = [];
const auths: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, done) {
      auths.push(`${auth.username}:${auth.password}`);
      done(null, { user: auth.username });
    },
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks));
        done();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  t = await startTestApp({ SMTP_URL: `smtp://mailer:mailpass@127.0.0.1:${port}?ignoreTLS=true`, MAIL_FROM: 'Сервис <robot@example.ru>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('sends the verification code through SMTP in Russian, text and HTML', async () => {
  const c = new Client(t.app);
  await c.post('/api/v1/registration/register/', { username: 'smtp_user', email: 'smtp_user@example.ru', password: 'password1' });
  expect(inbox).toHaveLength(1);
  expect(auths).toEqual(['mailer:mailpass']);
  const mail = await simpleParser(inbox[0]);
  expect(mail.subject).toBe('Код подтверждения регистрации');
  expect(mail.from?.text).toContain('robot@example.ru');
  const code = /Ваш код подтверждения: (\d{6})/.exec(mail.text ?? '')![1];
  expect(mail.html).toContain(code);
  expect((await c.post('/api/v1/registration/verify-email/', { code })).status).toBe(200);
  // Nothing went to the outbox folder: SMTP is the transport when it is configured.
  expect(await t.outbox.messagesTo('smtp_user@example.ru')).toHaveLength(0);
});
