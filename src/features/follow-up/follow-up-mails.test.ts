import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract, TEST_CLIENT } from '../../test/contract-flow.js';
import {
  DAY_MS,
  HOUR_MS,
  movableClock,
  newDevice,
  newestToken,
  type MovableClock,
} from '../../test/follow-up-flow.js';
import { captureLog } from '../../test/mail.js';
import { sentAs } from '../../test/mail-delivery.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { startMailWorker } from '../mail/mail-worker.js';
import { createMailTransport } from '../mail/transport.js';

/**
 * The follow-through's mails (issue 17) as a mail server receives them: queued by the real
 * calls, delivered by the real worker over SMTP to a real server.
 */
const OWNER = 'mails@example.com';
const COMPANY = 'Greenleaf Co';
const WITHDRAW_REASON = 'Lumber & labor prices changed; a new quote follows this week.';
const DECLINE_REASON = 'We decided to wait until spring.';

let sink: SmtpSink;
let t: TestApp;
let clock: MovableClock;
let owner: string;
let withdrawnId: number;
let declinedId: number;
let reminderToken: string;
let newLinkToken: string;

function mailTo(address: string, subject: string): ReceivedMail {
  const matches = sink.messages.filter(
    (mail) => mail.subject === subject && mail.envelope.to.includes(address),
  );
  expect(matches, `one mail "${subject}" to ${address}`).toHaveLength(1);
  return matches[0] as ReceivedMail;
}

/**
 * The client's mails show the company on our address, and a reply reaches the contractor: this
 * company has no email on file, so the account's (docs/decisions/034).
 */
function expectFromCompany(mail: ReceivedMail) {
  expect(sentAs(mail)).toEqual({
    from: [{ name: `${COMPANY} via TradeSign`, address: 'no-reply@localhost' }],
    replyTo: [{ name: COMPANY, address: OWNER }],
    envelopeFrom: 'no-reply@localhost',
  });
}

/** The contractor's mails about the client reply to the client. */
function expectReplyToClient(mail: ReceivedMail) {
  expect(sentAs(mail)).toEqual({
    from: [{ name: 'Contracts', address: 'no-reply@localhost' }],
    replyTo: [{ name: TEST_CLIENT.name, address: TEST_CLIENT.email }],
    envelopeFrom: 'no-reply@localhost',
  });
}

/** Both parts are there, and each says `what`. */
function expectInBothParts(mail: ReceivedMail, what: string) {
  expect(mail.text.length).toBeGreaterThan(0);
  expect(mail.html.length).toBeGreaterThan(0);
  expect(mail.parsed.text).toBe(mail.text);
  expect(mail.text).toContain(what);
  expect(mail.html).toContain(what);
}

beforeAll(async () => {
  sink = await startSmtpSink();
  clock = movableClock(new Date('2026-12-01T15:00:00.000Z'));
  t = await createTestApp({ SMTP_URL: sink.url }, { clock: clock.now });
  owner = await contractorReadyToSend(t, OWNER, COMPANY);
  const cookie = { cookie: owner };

  // One contract opened, reminded, given a new link and withdrawn.
  const first = await sendContract(t, owner);
  expect(first.sent.statusCode).toBe(200);
  withdrawnId = first.id;
  expect((await newDevice().open(t, first.token)).statusCode).toBe(200);
  clock.advance(2 * HOUR_MS);
  expect((await jsonPost(t.app, `/api/contracts/${first.id}/remind`, {}, cookie)).statusCode).toBe(
    200,
  );
  reminderToken = await newestToken(t, first.id, 'signing_reminder');
  clock.advance(DAY_MS);
  const extended = await jsonPost(t.app, `/api/contracts/${first.id}/extend`, { days: 14 }, cookie);
  expect(extended.statusCode).toBe(200);
  newLinkToken = await newestToken(t, first.id, 'signing_new_link');
  clock.advance(DAY_MS);
  const voided = await jsonPost(
    t.app,
    `/api/contracts/${first.id}/void`,
    { reason: WITHDRAW_REASON },
    cookie,
  );
  expect(voided.statusCode).toBe(200);

  // Another one the client declines.
  const second = await sendContract(t, owner);
  expect(second.sent.statusCode).toBe(200);
  declinedId = second.id;
  expect((await newDevice().decline(t, second.token, DECLINE_REASON)).statusCode).toBe(200);

  const log = captureLog();
  const transport = createMailTransport(t.config, log);
  const worker = startMailWorker({
    db: t.db,
    transport,
    log,
    sealer: mailSealerForDataDir(t.dir),
    pollMs: 60_000,
    batchSize: 50,
  });
  try {
    // Two requests, one viewed alert, one reminder, one new link, one withdrawal, one decline.
    expect(await worker.runOnce()).toBe(7);
  } finally {
    await worker.stop();
    transport.close();
  }
  expect(
    await t.sql.value<number>("SELECT COUNT(*) FROM email_outbox WHERE status <> 'sent'"),
  ).toBe(0);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

describe('the follow-through mails, as delivered', () => {
  it('a reminder carries its own link to the client, in both parts', () => {
    const mail = mailTo(TEST_CLIENT.email, `Reminder: ${COMPANY} is waiting for your signature`);
    expectInBothParts(mail, `http://localhost:3000/esign/${reminderToken}`);
    expect(mail.to).toContain(TEST_CLIENT.email);
    expectFromCompany(mail);
  });

  it('a new link carries the fresh link, in both parts', () => {
    const mail = mailTo(TEST_CLIENT.email, `${COMPANY} sent you a new link to sign your contract`);
    expectInBothParts(mail, `http://localhost:3000/esign/${newLinkToken}`);
    expect(newLinkToken).not.toBe(reminderToken);
    expectFromCompany(mail);
  });

  it('a withdrawn notice gives the reason and no signing link', () => {
    const mail = mailTo(TEST_CLIENT.email, `${COMPANY} withdrew contract #${withdrawnId}`);
    expect(mail.text).toContain(WITHDRAW_REASON);
    // The HTML part escapes what the contractor typed.
    expect(mail.html).toContain(WITHDRAW_REASON.replace('&', '&amp;'));
    expect(mail.html).not.toContain(WITHDRAW_REASON);
    expect(mail.html.length).toBeGreaterThan(0);
    expect(mail.text).not.toContain('/esign/');
    expect(mail.html).not.toContain('/esign/');
    expectFromCompany(mail);
  });

  it('a declined notice goes to the contractor’s account with the client’s reason', () => {
    const mail = mailTo(OWNER, `${TEST_CLIENT.name} declined Contract #${declinedId}`);
    expectInBothParts(mail, DECLINE_REASON);
    expectInBothParts(mail, `http://localhost:3000/contracts/${declinedId}`);
    expect(mail.text).not.toContain('/esign/');
    expectReplyToClient(mail);
  });

  it('a viewed alert goes to the contractor’s account with a link to the contract', () => {
    const mail = mailTo(OWNER, `${TEST_CLIENT.name} opened Contract #${withdrawnId}`);
    expectInBothParts(mail, `http://localhost:3000/contracts/${withdrawnId}`);
    expect(mail.text).not.toContain('/esign/');
    expectReplyToClient(mail);
    // One alert in all: the declined contract was never opened.
    expect(sink.messages.filter((m) => m.subject.includes(' opened Contract #'))).toHaveLength(1);
  });
});
