import { TEST_SIGNATURE_PNG } from '../../src/test/factories.js';

/** Drawn signatures for both parties: the smallest valid PNG. */
export const SIGNATURE = TEST_SIGNATURE_PNG;

/** The n-th client of a drill: a unique address, so each mail is matched to its contract. */
export function drillClient(n: number) {
  return {
    name: `Drill Client ${n}`,
    email: `client-${n}@drill.test`,
    phone: '5551234567',
    address: `${n} Maple St`,
  };
}

/** A draft that may be signed and sent as it is (scope, total and a plan that adds up). */
export function drillDraft(n: number, totalCents = 500_000) {
  const client = drillClient(n);
  return {
    client_id: null,
    client_name: client.name,
    client_email: client.email,
    client_phone: client.phone,
    client_address: client.address,
    scope_raw: ['drip line'],
    scope_clean: { paragraph: 'Install a drip line.', bullets: ['Install drip line'] },
    total_price_cents: totalCents,
    payment_plan_json: [
      { label: 'Deposit', percent: 50, amount_cents: 0, trigger: 'At signing' },
      { label: 'Balance', percent: 50, amount_cents: 0, trigger: 'Substantial completion' },
    ],
    my_signature_png: null,
  };
}
