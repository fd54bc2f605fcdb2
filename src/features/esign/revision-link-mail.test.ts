import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SIGNATURE_PNG } from '../../test/factories.js';
import {
  clientSigns,
  contractorReadyToSend,
  sendContract,
  TEST_CLIENT,
} from '../../test/contract-flow.js';
import { DAY_MS, movableClock, newDevice, type MovableClock } from '../../test/follow-up-flow.js';
import { deliverQueuedMail, sentAs } from '../../test/mail-delivery.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, jsonPost, jsonPut, type TestApp } from '../../test/test-app.js';

/**
 * Issue 31: the client who declined contract #12, or saw it withdrawn, gets its revision's
 * signing request, which says in their language that it replaces contract #12 (sent on that day)
 * and that #12's link no longer works. Read as a real SMTP server receives it.
 */
const COMPANY = 'Greenline Irrigation';
const COMPANY_EMAIL = 'office@greenline.example';

let sink: SmtpSink;
let t: TestApp;
let clock: MovableClock;
let cookie: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  clock = movableClock(new Date('2026-12-01T15:00:00.000Z'));
  t = await createTestApp(
    { SMTP_URL: sink.url, MAIL_FROM: 'TradeSign <no-reply@tradesign.example>' },
    { clock: clock.now },
  );
  cookie = await contractorReadyToSend(t, 'revisions@example.com', COMPANY);
  const saved = await jsonPut(t.app, '/api/prefs', { company_email: COMPANY_EMAIL }, { cookie });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

/**
 * A contract sent on December 1, 2026, declined by the client or withdrawn by the contractor's
 * revision, then its revision signed and sent a day later. The ids of both and the first's token.
 */
async function revisionOf(language: 'en' | 'es', why: 'declined' | 'withdrawn') {
  clock.set(new Date('2026-12-01T15:00:00.000Z'));
  const earlier = await sendContract(t, cookie, { language });
  expect(earlier.sent.statusCode, earlier.sent.body).toBe(200);
  if (why === 'declined') {
    const declined = await newDevice().decline(t, earlier.token, 'Too expensive for now.');
    expect(declined.statusCode).toBe(200);
  }
  clock.advance(DAY_MS);
  // Revising a sent contract withdraws it first.
  const revised = await jsonPost(t.app, `/api/contracts/${earlier.id}/revise`, {}, { cookie });
  expect(revised.statusCode, revised.body).toBe(200);
  const { id } = revised.json<{ id: number }>();
  const signed = await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    { cookie },
  );
  expect(signed.statusCode, signed.body).toBe(200);
  const sent = await jsonPost(
    t.app,
    `/api/contracts/${id}/send`,
    { client_data: TEST_CLIENT },
    { cookie },
  );
  expect(sent.statusCode, sent.body).toBe(200);
  return { earlierId: earlier.id, earlierToken: earlier.token, revisionId: id };
}

/** The one signing request of this contract the client received (its summary names it). */
async function requestOf(contractId: number, subject: string): Promise<ReceivedMail> {
  await deliverQueuedMail(t);
  const summaryLine = [`Contract: #${contractId}\n`, `Contrato: n.º ${contractId}\n`];
  const mails = sink.messages.filter(
    (mail) =>
      mail.subject === subject &&
      mail.envelope.to.includes(TEST_CLIENT.email) &&
      summaryLine.some((line) => mail.text.includes(line)),
  );
  expect(mails, `the signing request of contract ${contractId}`).toHaveLength(1);
  return mails[0] as ReceivedMail;
}

/** Both parts say these lines, one after the other. */
function expectLines(mail: ReceivedMail, lines: [string, string]) {
  expect(mail.text).toContain(`${lines[0]}\n${lines[1]}\n`);
  expect(mail.html).toContain(`${lines[0]}<br>${lines[1]}`);
}

describe("a revision's signing request, as received", () => {
  it('tells an English client it replaces the contract they declined, whose link is dead', async () => {
    const { earlierId, earlierToken, revisionId } = await revisionOf('en', 'declined');
    const mail = await requestOf(revisionId, `${COMPANY} sent you a contract to sign`);
    expectLines(mail, [
      `This contract replaces contract #${earlierId}, sent to you on December 1, 2026, which you declined.`,
      `The signing link for contract #${earlierId} no longer works. Please review and sign this new contract instead.`,
    ]);
    // What it says is true: the old link signs nothing.
    expect((await clientSigns(t, earlierToken)).statusCode).not.toBe(200);
    // And a reply reaches the company.
    expect(sentAs(mail).replyTo).toEqual([{ name: COMPANY, address: COMPANY_EMAIL }]);
    expect(sentAs(mail).from).toEqual([
      { name: `${COMPANY} via TradeSign`, address: 'no-reply@tradesign.example' },
    ]);
  });

  it('tells an English client it replaces the contract the company withdrew', async () => {
    const { earlierId, earlierToken, revisionId } = await revisionOf('en', 'withdrawn');
    const mail = await requestOf(revisionId, `${COMPANY} sent you a contract to sign`);
    expectLines(mail, [
      `This contract replaces contract #${earlierId}, sent to you on December 1, 2026, which ${COMPANY} withdrew.`,
      `The signing link for contract #${earlierId} no longer works. Please review and sign this new contract instead.`,
    ]);
    expect((await clientSigns(t, earlierToken)).statusCode).not.toBe(200);
  });

  it('tells a Spanish client, in Spanish, it replaces the contract they declined', async () => {
    const { earlierId, revisionId } = await revisionOf('es', 'declined');
    const mail = await requestOf(revisionId, `${COMPANY} le envió un contrato para firmar`);
    expectLines(mail, [
      `Este contrato reemplaza al contrato n.º ${earlierId}, que se le envió el 1 de diciembre de 2026 y que usted rechazó.`,
      `El enlace de firma del contrato n.º ${earlierId} ya no funciona. Por favor, revise y firme este nuevo contrato en su lugar.`,
    ]);
    expect(sentAs(mail).from).toEqual([
      { name: `${COMPANY} vía TradeSign`, address: 'no-reply@tradesign.example' },
    ]);
    expect(sentAs(mail).replyTo).toEqual([{ name: COMPANY, address: COMPANY_EMAIL }]);
  });

  it('tells a Spanish client, in Spanish, it replaces the contract the company withdrew', async () => {
    const { earlierId, earlierToken, revisionId } = await revisionOf('es', 'withdrawn');
    const mail = await requestOf(revisionId, `${COMPANY} le envió un contrato para firmar`);
    expectLines(mail, [
      `Este contrato reemplaza al contrato n.º ${earlierId}, que se le envió el 1 de diciembre de 2026 y que ${COMPANY} retiró.`,
      `El enlace de firma del contrato n.º ${earlierId} ya no funciona. Por favor, revise y firme este nuevo contrato en su lugar.`,
    ]);
    expect((await clientSigns(t, earlierToken)).statusCode).not.toBe(200);
    // The app's own reason for the withdrawal reads in Spanish too, in the mail and on the page.
    const withdrawn = sink.messages.filter(
      (each) => each.subject === `${COMPANY} retiró el contrato n.º ${earlierId}`,
    );
    expect(withdrawn).toHaveLength(1);
    for (const part of [withdrawn[0]?.text, withdrawn[0]?.html]) {
      expect(part).toContain('Sustituido por un contrato revisado');
      expect(part).not.toContain('Replaced by a revised contract');
    }
    const page = await t.app.inject({ method: 'GET', url: `/esign/${earlierToken}` });
    expect(page.body).toContain('Motivo: Sustituido por un contrato revisado');
  });

  it("says nothing of the kind in a first contract's request", async () => {
    const first = await sendContract(t, cookie);
    const mail = await requestOf(first.id, `${COMPANY} sent you a contract to sign`);
    expect(mail.text).not.toContain('replaces');
    expect(mail.html).not.toContain('replaces');
  });
});
