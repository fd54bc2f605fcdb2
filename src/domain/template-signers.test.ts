import { describe, expect, it } from 'vitest';
import { buildContractTemplateData } from './contract-template-data.js';
import { contractTemplateDataSchema } from './template-data.js';
import { draftSigners, signersAsSigned } from './template-signers.js';
import { renderTemplate } from './template-engine/index.js';

const contract = {
  client_name: 'Jordan Rivera',
  client_email: 'jordan@example.com',
  client_phone: '5551234567',
  client_address: '42 Maple Street',
  scope_clean: { paragraph: 'Patio', bullets: [] },
  total_price_cents: 100_000,
  payment_plan_json: null,
  my_signature_png: null,
  my_signed_at: null,
  home_sale: false,
};
const LOOP = '{{#each signers}}[{{@number}} {{name}} {{email}} {{signature.typed_name}}]{{/each}}';

describe("a template's signers (issue 37)", () => {
  it('lists the client, then the others of a draft, none signed, when the wizard previews it', () => {
    const data = buildContractTemplateData({
      prefs: null,
      contract,
      today: '2026-12-01',
      signers: draftSigners(contract, [{ name: 'Alex Rivera', email: 'alex@example.com' }]),
    });
    expect(contractTemplateDataSchema.parse(data)).toEqual(data);
    expect(data.signers).toEqual([
      {
        name: 'Jordan Rivera',
        email: 'jordan@example.com',
        phone: '5551234567',
        signed_at: null,
        signature: { typed_name: null, timestamp: null, png: null },
      },
      {
        name: 'Alex Rivera',
        email: 'alex@example.com',
        phone: null,
        signed_at: null,
        signature: { typed_name: null, timestamp: null, png: null },
      },
    ]);
    const rendered = renderTemplate(LOOP, data);
    expect(rendered).toEqual({
      ok: true,
      html: '[1 Jordan Rivera jordan@example.com ][2 Alex Rivera alex@example.com ]',
    });
  });

  it('is the client alone when no signers are given', () => {
    const data = buildContractTemplateData({ prefs: null, contract, today: '2026-12-01' });
    expect(data.signers.map((signer) => signer.name)).toEqual(['Jordan Rivera']);
  });

  it("never shows the contractor's signature in a signer's place before they sign", () => {
    const data = buildContractTemplateData({
      prefs: null,
      contract: {
        ...contract,
        my_signature_png: 'data:image/png;base64,AAAA',
        my_signed_at: '2026-12-01T10:00:00.000Z',
      },
      contractorName: 'Casey Green',
      today: '2026-12-01',
    });
    const rendered = renderTemplate(LOOP, data);
    expect(rendered).toEqual({ ok: true, html: '[1 Jordan Rivera jordan@example.com ]' });
  });

  it('carries each signature as given: the typed name, or the name on the contract without one', () => {
    const signed = signersAsSigned([
      {
        name: 'Jordan Rivera',
        email: 'jordan@example.com',
        phone: null,
        signed_at: '2026-12-02T15:00:00.000Z',
        signed_name: 'Jordan A. Rivera',
        signature_png: 'data:image/png;base64,BBBB',
      },
      {
        name: 'Alex Rivera',
        email: 'alex@example.com',
        phone: null,
        signed_at: '2026-12-03T15:00:00.000Z',
        signed_name: null,
        signature_png: 'data:image/png;base64,CCCC',
      },
    ]);
    expect(signed.map((signer) => signer.signature)).toEqual([
      {
        typed_name: 'Jordan A. Rivera',
        timestamp: '2026-12-02T15:00:00.000Z',
        png: 'data:image/png;base64,BBBB',
      },
      {
        typed_name: 'Alex Rivera',
        timestamp: '2026-12-03T15:00:00.000Z',
        png: 'data:image/png;base64,CCCC',
      },
    ]);
  });
});
