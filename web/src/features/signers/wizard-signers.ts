import { z } from 'zod';
import type { CoSigner } from '@domain/contracts.schemas';
import {
  coSignerInputSchema,
  duplicateSignerEmail,
  MAX_SIGNERS,
  type SigningOrder,
} from '@domain/signers';

/**
 * The wizard's other signers (issue 37): typed under the client in step 2, checked with the
 * client's own messages, saved with the draft, and named in the preview.
 */

/** One other signer as typed: nothing typed is lost, valid or not. */
export interface CoSignerDraft {
  name: string;
  email: string;
  phone: string;
}

export const emptyCoSigner = (): CoSignerDraft => ({ name: '', email: '', phone: '' });

/** Whether "Add another signer" is offered: the client and up to three more. */
export const canAddSigner = (coSigners: readonly unknown[]) => coSigners.length + 1 < MAX_SIGNERS;

export const SAME_EMAIL_MESSAGE = 'Each signer needs an email address of their own';

const sameEmail = (a: string, b: string) =>
  a.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The index of each co-signer whose email the client or an earlier signer already has. */
function repeatedEmails(clientEmail: string, coSigners: readonly { email: string }[]): Set<number> {
  const repeated = new Set<number>();
  coSigners.forEach((signer, index) => {
    const before = [clientEmail, ...coSigners.slice(0, index).map((other) => other.email)];
    if (before.some((email) => sameEmail(email, signer.email))) repeated.add(index);
  });
  return repeated;
}

/** The step's form: each signer as the API checks them, and no email twice. */
export function coSignersFormSchema(clientEmail: string) {
  return z.object({ signers: z.array(coSignerInputSchema) }).superRefine(({ signers }, context) => {
    for (const index of repeatedEmails(clientEmail, signers)) {
      context.addIssue({
        code: 'custom',
        path: ['signers', index, 'email'],
        message: SAME_EMAIL_MESSAGE,
      });
    }
  });
}

/** Why Next waits on the other signers, or null. */
export function coSignersProblem(
  clientEmail: string,
  coSigners: readonly CoSignerDraft[],
): string | null {
  if (!coSigners.every((signer) => coSignerInputSchema.safeParse(signer).success)) {
    return 'Enter each signer’s name and email';
  }
  const emails = [clientEmail, ...coSigners.map((signer) => signer.email)];
  return duplicateSignerEmail(emails) === null ? null : SAME_EMAIL_MESSAGE;
}

/**
 * The co-signers a draft save sends: those complete and told apart. A draft may be partial, so
 * one still being typed waits in this browser (as a client's unfinished email does) rather than
 * refusing the whole save.
 */
export function coSignersPayload(
  clientEmail: string,
  coSigners: readonly CoSignerDraft[],
): CoSigner[] {
  const repeated = repeatedEmails(clientEmail, coSigners);
  return coSigners
    .filter(
      (signer, index) => !repeated.has(index) && coSignerInputSchema.safeParse(signer).success,
    )
    .map((signer) => ({
      name: signer.name.trim(),
      email: signer.email.trim(),
      phone: signer.phone.trim() || null,
    }));
}

/** The order a save sends: with the client alone there is no order to keep. */
export function signingOrderPayload(coSigners: readonly CoSigner[], order: SigningOrder) {
  return coSigners.length === 0 ? 'together' : order;
}

/** "Signers: Dana Smith, Alex Smith (in this order)"; null with no name to show yet. */
export function signersLine(
  clientName: string,
  coSigners: readonly { name: string }[],
  order: SigningOrder,
): string | null {
  const names = [clientName, ...coSigners.map((signer) => signer.name)]
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return null;
  if (names.length === 1) return `Signer: ${names[0]}`;
  return `Signers: ${names.join(', ')} (${order === 'in_order' ? 'in this order' : 'together'})`;
}

/** Step 5's word on the links: who gets one, and when. */
export function linksSentence(clientName: string, coSignerCount: number, order: SigningOrder) {
  if (coSignerCount === 0) {
    return 'Your client will receive an email with a secure link to review and sign the contract.';
  }
  if (order === 'in_order') {
    const first = clientName.trim() || 'The client';
    return `${first} receives a secure link first; each next signer gets their own link after the one before signs.`;
  }
  return 'Each signer will receive an email with their own secure link to review and sign the contract.';
}
