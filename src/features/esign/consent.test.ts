import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsFromConsentDetails } from '../../domain/esign-consent/consent-record.js';
import { noticeSha256 } from '../consent-record/notice-hash.js';
import { consentNotice, ESIGN_CONSENT_VERSION } from '../../domain/esign-consent/notice.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import {
  contractorReadyToSend,
  sendContract,
  TEST_CLIENT_SIGNATURE_PNG,
} from '../../test/contract-flow.js';
import { eventsOf } from '../../test/follow-up-flow.js';
import { createTestApp, get, jsonPost, type TestApp } from '../../test/test-app.js';

/**
 * Issue 32: the consent on record is the notice that was shown (its version, language, facts and
 * hash), refused when it is not, and the signer's typed name is stored with the signature.
 */
const OWNER = 'notice@example.com';
let t: TestApp;
let owner: string;
let device = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, OWNER, 'Notice Co');
  await t.db
    .updateTable('preferences')
    .set({ company_phone: '5550102000', company_email: 'office@notice.example' })
    .execute();
});
afterAll(() => t.close());

const setFee = (cents: number | null) =>
  t.db.updateTable('preferences').set({ paper_copy_fee_cents: cents }).execute();

async function sent(language: 'en' | 'es' = 'en') {
  const result = await sendContract(t, owner, { language });
  expect(result.sent.statusCode, result.sent.body).toBe(200);
  return result;
}

/** What the page shows: the notice's version and hash, from GET /api/esign/:token. */
async function shown(token: string) {
  return (await get(t.app, `/api/esign/${token}`)).json<{
    consent_version: string;
    consent_sha256: string;
    paper_copy_fee_cents: number | null;
    language: string;
  }>();
}

/** A signature from a phone of its own, as the signing page sends it (less what `body` drops). */
function sign(token: string, body: Record<string, unknown>) {
  device += 1;
  return jsonPost(
    t.app,
    `/api/esign/${token}`,
    { signature: TEST_CLIENT_SIGNATURE_PNG, consent: true, ...body },
    { remoteAddress: `198.20.0.${device}`, headers: { 'user-agent': 'HomeownerPhone/3.0' } },
  );
}

const signedState = (id: number) =>
  t.db
    .selectFrom('contracts')
    .innerJoin('contract_signers', 'contract_signers.contract_id', 'contracts.id')
    .select([
      'contracts.client_signed_at',
      'contract_signers.signed_name as client_signed_name',
      'contracts.status',
    ])
    .where('contracts.id', '=', id)
    .executeTakeFirstOrThrow();

const refusals = (language: 'en' | 'es') => messagesFor(language).signing.refusals;

describe('the consent a signature records', () => {
  it('is the notice shown: its version, language, facts and SHA-256, with the typed name', async () => {
    await setFee(250);
    const { id, token } = await sent('es');
    const page = await shown(token);
    expect(page).toMatchObject({ consent_version: ESIGN_CONSENT_VERSION, language: 'es' });
    expect(page.paper_copy_fee_cents).toBe(250);
    const answer = await sign(token, {
      signer_name: '  Jordan   A.  Rivera ',
      consent_version: page.consent_version,
      consent_language: 'es',
      consent_sha256: page.consent_sha256,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [consented] = await eventsOf(t, id, 'consented');
    expect(consented?.details).toEqual({
      disclosure_version: ESIGN_CONSENT_VERSION,
      disclosure_language: 'es',
      disclosure_sha256: page.consent_sha256,
      disclosure_facts: {
        company_name: 'Notice Co',
        company_phone: '5550102000',
        company_email: 'office@notice.example',
        paper_copy_fee_cents: 250,
      },
      // Whose consent it is (issue 37): the link's signer.
      signer: {
        id: expect.any(Number) as unknown,
        position: 1,
        name: 'Jordan Rivera',
        email: 'jordan@example.com',
      },
    });
    // The record alone rebuilds the words agreed to, to the same hash.
    const facts = factsFromConsentDetails(consented?.details ?? {});
    const rebuilt = consentNotice(ESIGN_CONSENT_VERSION, 'es', facts ?? ({} as never));
    expect(noticeSha256(rebuilt)).toBe(page.consent_sha256);
    expect(rebuilt.sections.map((s) => s.text).join(' ')).toContain('$2.50');
    // The name as typed, on one line, set with the signature.
    const state = await signedState(id);
    expect(state.client_signed_name).toBe('Jordan A. Rivera');
    expect(state.client_signed_at).not.toBeNull();
    await setFee(null);
  });

  it('is the current notice in the contract’s language for an API caller that sends no consent details', async () => {
    const { id, token } = await sent();
    const page = await shown(token);
    expect((await sign(token, { signer_name: 'Jordan Rivera' })).statusCode).toBe(200);
    const [consented] = await eventsOf(t, id, 'consented');
    expect(consented?.details).toMatchObject({
      disclosure_version: ESIGN_CONSENT_VERSION,
      disclosure_language: 'en',
      disclosure_sha256: page.consent_sha256,
    });
  });
});

describe('a consent that is not the one shown', () => {
  it.each(['en', 'es'] as const)(
    'refuses an unknown version with 400, in the page’s language (%s), recording nothing',
    async (language) => {
      const { id, token } = await sent(language);
      const answer = await sign(token, {
        signer_name: 'Jordan Rivera',
        consent_version: '2099-01-01',
        consent_language: language,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe(refusals(language).consentVersionUnknown);
      expect(await eventsOf(t, id, 'consented')).toEqual([]);
      expect((await signedState(id)).client_signed_at).toBeNull();
    },
  );

  it('refuses a language that is not the page’s with 400, in the language of the page that sent it', async () => {
    const { id, token } = await sent('en');
    const answer = await sign(token, { signer_name: 'Jordan Rivera', consent_language: 'es' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toBe(refusals('es').consentLanguageWrong);
    expect(await eventsOf(t, id, 'consented')).toEqual([]);
  });

  it('asks for the notice to be read again (409) when its facts changed since it was shown', async () => {
    const { id, token } = await sent();
    const before = await shown(token);
    await setFee(1500);
    const stale = await sign(token, {
      signer_name: 'Jordan Rivera',
      consent_language: 'en',
      consent_sha256: before.consent_sha256,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.headers['x-signing-refusal']).toBe('consent-changed');
    expect(stale.body).toBe(refusals('en').consentChanged);
    expect(await eventsOf(t, id, 'consented')).toEqual([]);
    // Reloaded, the page shows the fee, and its hash is taken.
    const after = await shown(token);
    expect(after.paper_copy_fee_cents).toBe(1500);
    expect(after.consent_sha256).not.toBe(before.consent_sha256);
    const signed = await sign(token, {
      signer_name: 'Jordan Rivera',
      consent_language: 'en',
      consent_sha256: after.consent_sha256,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await setFee(null);
  });

  it('asks for the notice to be read again (409) from a page served under the previous version', async () => {
    const { id, token } = await sent('es');
    const answer = await sign(token, {
      signer_name: 'Jordan Rivera',
      consent_version: '2026-11-21',
      consent_language: 'es',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toBe(refusals('es').consentChanged);
    expect(await eventsOf(t, id, 'consented')).toEqual([]);
  });
});

describe('the name the signer types', () => {
  it.each([
    ['en', '   ', 'signer_name: Please type your full name'],
    ['es', '', 'signer_name: Por favor, escriba su nombre completo'],
    ['en', 'J'.repeat(121), 'signer_name: Your name can have at most 120 characters'],
    ['es', 42, 'signer_name: Por favor, escriba su nombre completo'],
  ] as const)(
    'refuses a %s page’s name %#, with 400 in its language, signing nothing',
    async (language, name, message) => {
      const { id, token } = await sent(language);
      const answer = await sign(token, { signer_name: name, consent_language: language });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe(message);
      expect((await signedState(id)).client_signed_at).toBeNull();
    },
  );

  it('refuses a missing signature in the page’s language too', async () => {
    const { token } = await sent('es');
    const answer = await sign(token, {
      signature: '',
      signer_name: 'Jordan Rivera',
      consent_language: 'es',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toBe('signature: Por favor, firme el contrato');
  });

  it('takes 120 characters, and leaves no typed name for a caller written before the field', async () => {
    const long = await sent();
    expect((await sign(long.token, { signer_name: 'J'.repeat(120) })).statusCode).toBe(200);
    expect((await signedState(long.id)).client_signed_name).toBe('J'.repeat(120));
    const older = await sent();
    expect((await sign(older.token, {})).statusCode).toBe(200);
    expect(await signedState(older.id)).toMatchObject({
      client_signed_name: null,
      status: 'completed',
    });
  });
});
