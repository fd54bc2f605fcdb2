import { presetTemplates } from '../../db/seeds/preset-templates.js';
import type { ContractTemplateData } from '../domain/template-data.js';
import { sampleTemplateData } from '../domain/template-data.js';
import { renderTemplate } from '../domain/template-engine/index.js';

/** A real 1x1 transparent PNG as a data URL: the smallest valid drawn signature. */
export const TEST_SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * The sample contract's data with every signature, as after its last client signs: the
 * contractor, then the sample's two owners (issue 37), the second an hour after the first.
 */
export function signedSampleData(): ContractTemplateData {
  const sample = sampleTemplateData(
    { name: 'Greenleaf Landscaping', phone: '5550001111' },
    '2026-11-21',
  );
  const clientsSign = ['2026-11-22T16:30:00.000Z', '2026-11-22T17:30:00.000Z'];
  return {
    ...sample,
    signature: {
      typed_name: 'Casey Green',
      timestamp: '2026-11-21T15:04:00.000Z',
      png: TEST_SIGNATURE_PNG,
    },
    client_signature: {
      typed_name: 'Jordan Rivera',
      timestamp: clientsSign[0] ?? null,
      png: TEST_SIGNATURE_PNG,
    },
    signers: sample.signers.map((signer, index) => {
      const at = clientsSign[index] ?? null;
      return {
        ...signer,
        signed_at: at,
        signature: { typed_name: signer.name, timestamp: at, png: TEST_SIGNATURE_PNG },
      };
    }),
  };
}

/** The standard contract, filled in and signed by both parties: a typical executed document. */
export function signedSampleContractHtml(): string {
  const rendered = renderTemplate(presetTemplates[0]?.html ?? '', signedSampleData());
  if (!rendered.ok) throw new Error('the standard contract did not render');
  return rendered.html;
}

/** A draft that may be signed and sent as it is: scope, total and a plan that adds up. */
export function sendableDraft(
  client: { name: string; email: string; phone?: string; address?: string },
  totalCents = 500_000,
) {
  return {
    client_id: null,
    client_name: client.name,
    client_email: client.email,
    client_phone: client.phone ?? '5551234567',
    client_address: client.address ?? '42 Maple Street, Springfield, IL',
    scope_raw: ['install drip line', 'replace two valves'],
    scope_clean: {
      paragraph: 'Install a drip line and replace two valves.',
      bullets: ['Install drip line', 'Replace two valves'],
    },
    total_price_cents: totalCents,
    payment_plan_json: [
      { label: 'Deposit', percent: 50, amount_cents: 0, trigger: 'At signing' },
      { label: 'Balance', percent: 50, amount_cents: 0, trigger: 'Substantial completion' },
    ],
    my_signature_png: null,
  };
}
