import { sendableDraft, TEST_SIGNATURE_PNG } from '../../src/test/factories.js';

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

/** The n-th client's draft, ready to sign and send. */
export function drillDraft(n: number, totalCents = 500_000) {
  return sendableDraft(drillClient(n), totalCents);
}
