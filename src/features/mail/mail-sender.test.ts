import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/kysely.js';
import { createMailTestDb, insertTestContract, testMailSealer } from '../../test/mail.js';
import { enqueueMail } from './outbox.js';

/**
 * What the outbox keeps of a mail's sender when it is queued (docs/decisions/034): the client's
 * mails show the company and reply to it, the contractor's mails about the client reply to the
 * client, the rest go as MAIL_FROM says.
 */
let db: DB;
let close: () => Promise<void>;
let contractId: number;

beforeEach(async () => {
  ({ db, close } = await createMailTestDb());
  contractId = await insertTestContract(db, 'builder@example.com');
});
afterEach(async () => {
  await close();
});

const body = { subject: 'Subject', html: '<p>Hello</p>', text: 'Hello' };

async function queuedSender(kind: string, to: string, about: number | null = contractId) {
  const id = await enqueueMail(db, testMailSealer, { ...body, kind, to, contractId: about });
  return db
    .selectFrom('email_outbox')
    .select(['from_name', 'reply_to_address', 'reply_to_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function frozeCompany(company: { name: string | null; email: string | null }, language = 'en') {
  return db
    .updateTable('contracts')
    .set({
      company_name: company.name,
      company_email: company.email,
      language: language as 'en' | 'es',
    })
    .where('id', '=', contractId)
    .execute();
}

describe('the sender of a queued mail', () => {
  it("shows the client the company's name and replies to its email", async () => {
    await frozeCompany({ name: 'Greenline Irrigation', email: 'office@greenline.example' });
    for (const kind of [
      'signing_request',
      'signing_reminder',
      'signing_new_link',
      'withdrawn_notice',
      'signed_copy_client',
    ]) {
      expect(await queuedSender(kind, 'jane@example.com'), kind).toEqual({
        from_name: 'Greenline Irrigation via TradeSign',
        reply_to_address: 'office@greenline.example',
        reply_to_name: 'Greenline Irrigation',
      });
    }
  });

  it('says "vía" to a Spanish client', async () => {
    await frozeCompany({ name: 'Jardines Ruiz', email: 'hola@ruiz.example' }, 'es');
    expect((await queuedSender('signing_request', 'jane@example.com')).from_name).toBe(
      'Jardines Ruiz vía TradeSign',
    );
  });

  it("replies to the account's email when the company's is missing or not an address", async () => {
    for (const email of [null, '', 'office@greenline.example\r\nBcc: spy@evil.example']) {
      await frozeCompany({ name: 'Greenline Irrigation', email });
      expect(await queuedSender('signing_request', 'jane@example.com'), String(email)).toEqual({
        from_name: 'Greenline Irrigation via TradeSign',
        reply_to_address: 'builder@example.com',
        reply_to_name: 'Greenline Irrigation',
      });
    }
  });

  it("keeps MAIL_FROM's name when the company has none, and flattens a name to one line", async () => {
    await frozeCompany({ name: '  ', email: 'office@greenline.example' });
    expect(await queuedSender('signing_request', 'jane@example.com')).toEqual({
      from_name: null,
      reply_to_address: 'office@greenline.example',
      reply_to_name: '',
    });
    await frozeCompany({ name: 'Peña\r\nBcc: spy@evil.example', email: null });
    expect(await queuedSender('signing_request', 'jane@example.com')).toMatchObject({
      from_name: 'Peña Bcc: spy@evil.example via TradeSign',
      reply_to_name: 'Peña Bcc: spy@evil.example',
    });
  });

  it('lets the contractor reply to the client as the contract was sent to them', async () => {
    await frozeCompany({ name: 'Greenline Irrigation', email: 'office@greenline.example' });
    await db
      .updateTable('contracts')
      .set({ client_data: JSON.stringify({ name: 'Jane Q. Client', email: 'jane.q@example.com' }) })
      .where('id', '=', contractId)
      .execute();
    for (const kind of ['declined_notice', 'viewed_alert', 'signed_copy_contractor']) {
      expect(await queuedSender(kind, 'builder@example.com'), kind).toEqual({
        from_name: null,
        reply_to_address: 'jane.q@example.com',
        reply_to_name: 'Jane Q. Client',
      });
    }
  });

  it('gives the sign-in alert and mails about no contract no Reply-To', async () => {
    const none = { from_name: null, reply_to_address: null, reply_to_name: null };
    expect(await queuedSender('sign_in_alert', 'builder@example.com', null)).toEqual(none);
    expect(await queuedSender('signing_request', 'jane@example.com', null)).toEqual(none);
  });

  it('refuses a kind of mail nobody said who reads', async () => {
    await expect(queuedSender('payment_due', 'jane@example.com')).rejects.toThrow(
      'mail kind "payment_due" has no reader',
    );
  });
});
