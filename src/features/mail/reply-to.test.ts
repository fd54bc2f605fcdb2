import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientSigns,
  contractorReadyToSend,
  sendContract,
  TEST_CLIENT,
} from '../../test/contract-flow.js';
import { HOUR_MS, movableClock, newDevice, type MovableClock } from '../../test/follow-up-flow.js';
import { deliverQueuedMail, sentAs } from '../../test/mail-delivery.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, jsonPost, jsonPut, type TestApp } from '../../test/test-app.js';

/**
 * Issue 31: a homeowner who answers a mail reaches the contractor, and a contractor who answers
 * a mail about what the client did reaches the client. From's address is always MAIL_FROM's
 * (docs/decisions/034). Read as a real SMTP server receives the mails.
 */
const MAIL_FROM_ADDRESS = 'no-reply@tradesign.example';
const COMPANY = 'Greenline Irrigation';
const COMPANY_EMAIL = 'office@greenline.example';
const CLIENT_REPLY_TO = [{ name: TEST_CLIENT.name, address: TEST_CLIENT.email }];

let sink: SmtpSink;
let t: TestApp;
let clock: MovableClock;

beforeAll(async () => {
  sink = await startSmtpSink();
  clock = movableClock(new Date('2026-12-01T15:00:00.000Z'));
  t = await createTestApp(
    { SMTP_URL: sink.url, MAIL_FROM: `TradeSign Contracts <${MAIL_FROM_ADDRESS}>` },
    { clock: clock.now },
  );
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

/** A contractor whose company is `company`, with `email` on file as the company's when given. */
async function contractor(account: string, company: string, email?: string) {
  const cookie = await contractorReadyToSend(t, account, 'Placeholder Co');
  const saved = await jsonPut(
    t.app,
    '/api/prefs',
    { company_name: company, ...(email ? { company_email: email } : {}) },
    { cookie },
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return cookie;
}

function oneMail(to: string, subject: string): ReceivedMail {
  const matches = sink.messages.filter(
    (mail) => mail.subject === subject && mail.envelope.to.includes(to),
  );
  expect(matches, `one mail "${subject}" to ${to}`).toHaveLength(1);
  return matches[0] as ReceivedMail;
}

describe("a company's mails, as received", () => {
  const OWNER = 'greenline@example.com';
  const ids = { signed: 0, declined: 0, withdrawn: 0, spanish: 0 };

  beforeAll(async () => {
    const cookie = await contractor(OWNER, COMPANY, COMPANY_EMAIL);
    const post = (url: string, body: unknown = {}) => jsonPost(t.app, url, body, { cookie });

    // Sent, opened, reminded, given a new link and signed: request, viewed alert, reminder, new
    // link, and both signed copies.
    const signed = await sendContract(t, cookie);
    expect(signed.sent.statusCode, signed.sent.body).toBe(200);
    ids.signed = signed.id;
    expect((await newDevice().open(t, signed.token)).statusCode).toBe(200);
    clock.advance(2 * HOUR_MS);
    expect((await post(`/api/contracts/${signed.id}/remind`)).statusCode).toBe(200);
    // At most one email an hour to a contract's client (issue 33).
    clock.advance(HOUR_MS);
    expect((await post(`/api/contracts/${signed.id}/extend`, { days: 14 })).statusCode).toBe(200);
    expect((await clientSigns(t, signed.token)).statusCode).toBe(200);

    const declined = await sendContract(t, cookie);
    ids.declined = declined.id;
    const reason = 'We found another installer.';
    expect((await newDevice().decline(t, declined.token, reason)).statusCode).toBe(200);

    const withdrawn = await sendContract(t, cookie);
    ids.withdrawn = withdrawn.id;
    const voided = await post(`/api/contracts/${withdrawn.id}/void`, { reason: 'Wrong price' });
    expect(voided.statusCode).toBe(200);

    ids.spanish = (await sendContract(t, cookie, { language: 'es' })).id;

    // 4 requests, a viewed alert, a reminder, a new link, 2 signed copies, a declined notice and
    // a withdrawn notice.
    expect(await deliverQueuedMail(t)).toBe(11);
  }, 60_000);

  const fromCompany = {
    from: [{ name: `${COMPANY} via TradeSign`, address: MAIL_FROM_ADDRESS }],
    replyTo: [{ name: COMPANY, address: COMPANY_EMAIL }],
    envelopeFrom: MAIL_FROM_ADDRESS,
  };

  it('shows the client every mail as from the company, and their reply goes to its email', () => {
    const clientMails = [
      oneMail(TEST_CLIENT.email, `Reminder: ${COMPANY} is waiting for your signature`),
      oneMail(TEST_CLIENT.email, `${COMPANY} sent you a new link to sign your contract`),
      oneMail(TEST_CLIENT.email, `Signed: Contract #${ids.signed} with ${COMPANY}`),
      oneMail(TEST_CLIENT.email, `${COMPANY} withdrew contract #${ids.withdrawn}`),
    ];
    const requests = sink.messages.filter(
      (mail) => mail.subject === `${COMPANY} sent you a contract to sign`,
    );
    expect(requests).toHaveLength(3);
    for (const mail of [...requests, ...clientMails]) {
      expect(sentAs(mail), mail.subject).toEqual(fromCompany);
    }
  });

  it('says "vía" in the From name of a Spanish client’s mail', () => {
    const mail = oneMail(TEST_CLIENT.email, `${COMPANY} le envió un contrato para firmar`);
    expect(sentAs(mail)).toEqual({
      ...fromCompany,
      from: [{ name: `${COMPANY} vía TradeSign`, address: MAIL_FROM_ADDRESS }],
    });
  });

  it('lets the contractor answer the client from the declined notice, the viewed alert and their signed copy', () => {
    const contractorMails = [
      oneMail(OWNER, `${TEST_CLIENT.name} declined Contract #${ids.declined}`),
      oneMail(OWNER, `${TEST_CLIENT.name} opened Contract #${ids.signed}`),
      oneMail(OWNER, `Signed: Contract #${ids.signed} with ${TEST_CLIENT.name}`),
    ];
    for (const mail of contractorMails) {
      expect(sentAs(mail), mail.subject).toEqual({
        // The contractor's own mails keep MAIL_FROM as it is.
        from: [{ name: 'TradeSign Contracts', address: MAIL_FROM_ADDRESS }],
        replyTo: CLIENT_REPLY_TO,
        envelopeFrom: MAIL_FROM_ADDRESS,
      });
    }
  });
});

describe('a company without an email, or without a name', () => {
  it("replies to the account's email when the company has none", async () => {
    const owner = 'no-company-email@example.com';
    const cookie = await contractor(owner, 'Ruiz Landscaping');
    const { id } = await sendContract(t, cookie);
    await deliverQueuedMail(t);
    const mail = sink.messages.find(
      (received) => received.subject === 'Ruiz Landscaping sent you a contract to sign',
    );
    expect(mail, `the request of contract ${id}`).toBeDefined();
    expect(sentAs(mail as ReceivedMail).replyTo).toEqual([
      { name: 'Ruiz Landscaping', address: owner },
    ]);
  });

  it("keeps MAIL_FROM's name when the contract has no company name", async () => {
    const owner = 'nameless@example.com';
    const cookie = await contractor(owner, 'Nameless Co', 'office@nameless.example');
    await t.db
      .updateTable('preferences')
      .set({ company_name: null })
      .where('company_id', '=', (eb) =>
        eb.selectFrom('users').select('company_id').where('email', '=', owner),
      )
      .execute();
    const { id } = await sendContract(t, cookie);
    await deliverQueuedMail(t);
    const mail = oneMail(TEST_CLIENT.email, 'Your contractor sent you a contract to sign');
    expect(sentAs(mail)).toEqual({
      from: [{ name: 'TradeSign Contracts', address: MAIL_FROM_ADDRESS }],
      replyTo: [{ name: '', address: 'office@nameless.example' }],
      envelopeFrom: MAIL_FROM_ADDRESS,
    });
    expect(mail.text).toContain(`#${id}`);
  });
});

describe('a company name that is hostile to headers', () => {
  it('is one quoted, encoded name: quotes, commas, accents and line breaks start no header', async () => {
    const owner = 'hostile@example.com';
    const typed = 'Peña, "El Jardinero" & Hijos\r\nBcc: spy@evil.example';
    const cookie = await contractor(owner, typed, 'oficina@pena.example');
    const { id } = await sendContract(t, cookie);
    await deliverQueuedMail(t);
    const mail = sink.messages.find(
      (received) =>
        received.envelope.to.includes(TEST_CLIENT.email) && received.text.includes(`#${id}`),
    );
    expect(mail).toBeDefined();
    const received = mail as ReceivedMail;
    const name = 'Peña, "El Jardinero" & Hijos Bcc: spy@evil.example';
    expect(sentAs(received)).toEqual({
      from: [{ name: `${name} via TradeSign`, address: MAIL_FROM_ADDRESS }],
      replyTo: [{ name, address: 'oficina@pena.example' }],
      envelopeFrom: MAIL_FROM_ADDRESS,
    });
    // Nobody else received it, and no header of its own was made from the name.
    expect(received.envelope.to).toEqual([TEST_CLIENT.email]);
    expect(received.parsed.headers.has('bcc')).toBe(false);
    expect(sink.messages.some((m) => m.envelope.to.includes('spy@evil.example'))).toBe(false);
  });
});
