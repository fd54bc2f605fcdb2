import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverQueuedMail, sentAs } from '../../test/mail-delivery.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, jsonPost, signUp, type TestApp } from '../../test/test-app.js';

/**
 * The sign-in email's mails as a mail program receives them (issue 34): through the real worker
 * and SMTP, from MAIL_FROM as it is (an account mail has nobody to reply to), each with a text
 * and an HTML part, and the link in both.
 */
const FROM = 'no-reply@tradesign.example';
let sink: SmtpSink;
let t: TestApp;
const password = 'correct horse';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: `TradeSign <${FROM}>`,
    SIGNUP_EMAILS_VERIFIED: 'false',
  });
  await signUp(t.app, { email: 'first@example.com', password, company_name: 'First' });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const received = (to: string, subject: string) =>
  sink.messages.find((mail) => mail.to.includes(to) && mail.subject === subject);

describe('account mails, as sent', () => {
  it('reach the reader from MAIL_FROM, with the link in both parts', async () => {
    const cookie = await signUp(
      t.app,
      { email: 'sent.es@example.com', password, company_name: 'Cedro' },
      { headers: { 'accept-language': 'es' } },
    );
    await jsonPost(
      t.app,
      '/api/auth/email',
      { new_email: 'nuevo.es@example.com', password },
      { cookie },
    );
    await deliverQueuedMail(t);

    const verification = received(
      'sent.es@example.com',
      'Confirme su correo electrónico para TradeSign',
    );
    const change = received(
      'nuevo.es@example.com',
      'Confirme su nuevo correo de inicio de sesión en TradeSign',
    );
    const notice = received(
      'sent.es@example.com',
      'Su correo de inicio de sesión en TradeSign está por cambiar',
    );
    for (const [mail, page] of [
      [verification, 'verify-email'],
      [change, 'confirm-email'],
    ] as const) {
      if (!mail) throw new Error(`not received: ${page}`);
      expect(sentAs(mail)).toEqual({
        from: [{ name: 'TradeSign', address: FROM }],
        replyTo: [],
        envelopeFrom: FROM,
      });
      const link = new RegExp(`http://localhost:3000/${page}/[A-Za-z0-9_-]{43}`).exec(mail.text);
      expect(link).not.toBeNull();
      expect(mail.html).toContain(`href="${link?.[0] ?? ''}"`);
    }
    expect(notice?.text).toContain('a n***@example.com. Si no fue usted, cambie su contraseña.');
    expect(notice?.html).toContain('Cambiar su contraseña</a>');
  });
});
