import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLATION_WORDS } from '../../domain/cancellation-notice/index.js';
import type { Contract } from '../../domain/contracts.schemas.js';
import { formatLongDate } from '../../domain/dates.js';
import {
  clientSigns,
  contractorReadyToSend,
  TEST_CLIENT,
  useDefaultTemplateHtml,
} from '../../test/contract-flow.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../test/factories.js';
import { movableClock, newestToken } from '../../test/follow-up-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';

/**
 * A home sale's documents (issue 32, 16 CFR 429.1): the frozen contract carries the rule's
 * statement by the client's signature and the two-copy Notice of Cancellation as its last page,
 * in the contract's language; the signed copy fills in the date of the transaction (the day the
 * client signed, on the company's clock) and the deadline.
 */

// Sent on Monday, November 23, 2026, in the afternoon in Chicago.
const clock = movableClock(new Date('2026-11-23T20:00:00.000Z'));
// Signed at 10:00 PM that Monday in Chicago: already Tuesday in UTC.
const SIGNED_AT = new Date('2026-11-24T04:00:00.000Z');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
});
afterAll(() => t.close());

let accounts = 0;

/** A contractor in Chicago with a business address; their cookie and email. */
async function chicagoContractor() {
  const email = `home-sale-${(accounts += 1)}@example.com`;
  const cookie = await contractorReadyToSend(t, email, 'Door To Door Windows');
  await t.sql.run(
    `UPDATE preferences SET company_address = ?, time_zone = ?
     WHERE company_id = (SELECT company_id FROM users WHERE email = ?)`,
    '12 Mill Road, Springfield, IL 62701',
    'America/Chicago',
    email,
  );
  return { cookie, email };
}

/** Sends a home sale (or not) in this language; its id and the client's link. */
async function send(cookie: string, draft: { home_sale: boolean; language?: 'en' | 'es' }) {
  clock.set(new Date('2026-11-23T20:00:00.000Z'));
  const origin = { cookie, origin: t.origin };
  const { id } = (
    await jsonPost(t.app, '/api/contracts', { ...sendableDraft(TEST_CLIENT), ...draft }, origin)
  ).json<Contract>();
  await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    origin,
  );
  const sent = await jsonPost(
    t.app,
    `/api/contracts/${id}/send`,
    { client_data: TEST_CLIENT },
    origin,
  );
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, token: await newestToken(t, id, 'signing_request') };
}

async function documents(id: number) {
  const row = await t.sql.get<{ template_html: string; signed_html: string | null }>(
    'SELECT template_html, signed_html FROM contracts WHERE id = ?',
    id,
  );
  if (!row) throw new Error(`no contract ${id}`);
  return row;
}

/** The words of a document, tags and runs of white space made one space. */
const words = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<\/?(?:span|strong|b)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');

/** The words after the last signature block: what the system appended. */
function noticePage(html: string): string {
  const start = html.indexOf('tradesign-cancellation-notice');
  expect(start).toBeGreaterThan(-1);
  return words(html.slice(start));
}

describe('the contract of a home sale', () => {
  it('carries the statement by the client’s signature and the notice as its last page', async () => {
    const { cookie } = await chicagoContractor();
    const { id } = await send(cookie, { home_sale: true });
    const { template_html: html } = await documents(id);
    const en = CANCELLATION_WORDS.en;
    expect(words(html)).toContain(en.statement);
    const notice = noticePage(html);
    // Two copies, each with the seller's name and address, the rule's words and the blanks.
    expect(notice.match(/NOTICE OF CANCELLATION/g)).toHaveLength(2);
    expect(
      notice.match(/Door To Door Windows, at 12 Mill Road, Springfield, IL 62701/g),
    ).toHaveLength(2);
    expect(notice).toContain(en.mayCancel);
    expect(notice).toContain('I HEREBY CANCEL THIS TRANSACTION.');
    // Before the client signs: the date is the day they sign, and the deadline is the rule's words.
    expect(notice).toContain('(Date of transaction: the day you sign this contract)');
    expect(notice).toContain(`NOT LATER THAN MIDNIGHT OF ${en.deadlineInWords}.`);
    // It starts a page of its own and nothing of the template follows it.
    expect(html).toMatch(
      /class="tradesign-cancellation-notice" lang="en" style="break-before:page/,
    );
    expect(html.slice(html.indexOf('tradesign-cancellation-notice'))).not.toContain('sig-block');
  });

  it('fills in the day the client signed on the company’s clock, and the third business day after', async () => {
    const { cookie } = await chicagoContractor();
    const { id, token } = await send(cookie, { home_sale: true });
    clock.set(SIGNED_AT);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    const { signed_html: signed } = await documents(id);
    const notice = noticePage(signed ?? '');
    // Monday, November 23 in Chicago (UTC had Tuesday); Thanksgiving does not count: Friday.
    expect(notice.match(/November 23, 2026 \(Date of transaction\)/g)).toHaveLength(2);
    expect(notice.match(/NOT LATER THAN MIDNIGHT OF November 27, 2026\./g)).toHaveLength(2);
    expect(notice).not.toContain('the day you sign this contract');
  });

  it('is in Spanish for a Spanish contract, dates and all', async () => {
    const { cookie } = await chicagoContractor();
    const { id, token } = await send(cookie, { home_sale: true, language: 'es' });
    const es = CANCELLATION_WORDS.es;
    const frozen = await documents(id);
    expect(words(frozen.template_html)).toContain(es.statement);
    expect(noticePage(frozen.template_html)).toContain(es.dateOfTransactionBlank);
    clock.set(SIGNED_AT);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    const notice = noticePage((await documents(id)).signed_html ?? '');
    expect(notice.match(/AVISO DE CANCELACIÓN/g)).toHaveLength(2);
    expect(notice).toContain(`${formatLongDate('2026-11-23', 'es')} (Fecha de la transacción)`);
    expect(notice).toContain(
      `A MÁS TARDAR A LA MEDIANOCHE DEL ${formatLongDate('2026-11-27', 'es')}.`,
    );
    expect(notice).not.toMatch(/NOTICE OF CANCELLATION|November/);
  });

  it('ends any template with the notice, even one that does not place the statement', async () => {
    const { cookie, email } = await chicagoContractor();
    await useDefaultTemplateHtml(
      t,
      email,
      '<html><body><div><p>Our own contract for {{client.name}}<b>, signed below</body></html>',
    );
    const { id } = await send(cookie, { home_sale: true });
    const { template_html: html } = await documents(id);
    expect(noticePage(html)).toContain(CANCELLATION_WORDS.en.mayCancel);
    // Appended to the body itself, not inside the template's unclosed <div>, <p> or <b>.
    expect(html).toMatch(/<\/b><\/p><\/div><section class="tradesign-cancellation-notice"/);
  });

  it('carries neither when the sale was made at the contractor’s place of business', async () => {
    const { cookie } = await chicagoContractor();
    const { id, token } = await send(cookie, { home_sale: false });
    clock.set(SIGNED_AT);
    expect((await clientSigns(t, token)).statusCode).toBe(200);
    for (const html of Object.values(await documents(id))) {
      expect(html).not.toContain('tradesign-cancellation-notice');
      expect(words(html ?? '')).not.toContain(CANCELLATION_WORDS.en.statement);
    }
  });
});
