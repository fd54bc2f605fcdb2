import { z } from 'zod';
import { LANGUAGES } from './i18n/languages.js';

/**
 * The clients who sign one contract (issue 37, docs/decisions/048). The first is the client of
 * record (the wizard's client); up to three more sign beside them, all at once or in order.
 */
export const MAX_SIGNERS = 4;
export const MAX_CO_SIGNERS = MAX_SIGNERS - 1;

export const SIGNING_ORDERS = ['together', 'in_order'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

export const signingOrderSchema = z.enum(SIGNING_ORDERS, {
  error: 'signing_order must be "together" or "in_order"',
});

/**
 * Where a signer stands: `waiting` for their turn (in order), `sent` a link, `viewed` it,
 * `signed`, or `declined`.
 */
export const SIGNER_STATUSES = ['waiting', 'sent', 'viewed', 'signed', 'declined'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

/** One other signer as the wizard and the API take them: name and email, phone optional. */
export const coSignerInputSchema = z.object({
  name: z
    .string({ error: 'Each signer needs a name' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(200, 'At most 200 characters'),
  email: z
    .string({ error: 'Each signer needs an email' })
    .trim()
    .pipe(z.email({ error: 'Invalid email address' })),
  phone: z.string().trim().max(40, 'At most 40 characters').nullable().optional(),
});
export type CoSignerInput = z.infer<typeof coSignerInputSchema>;

export const coSignersSchema = z
  .array(coSignerInputSchema, { error: 'co_signers must be a list of signers' })
  .max(MAX_CO_SIGNERS, `At most ${MAX_SIGNERS} signers in all`);

/** A signer as the contract's answer shows them. */
export const signerSchema = z.object({
  id: z.number(),
  position: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  language: z.enum(LANGUAGES),
  status: z.enum(SIGNER_STATUSES),
  invited_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  view_count: z.number(),
  reminders_sent: z.number(),
  last_reminder_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  declined_at: z.string().nullable(),
});
export type Signer = z.infer<typeof signerSchema>;

interface SignerFacts {
  invited_at: string | null;
  view_count: number;
  signed_at: string | null;
  declined_at: string | null;
}

export function signerStatusOf(signer: SignerFacts): SignerStatus {
  if (signer.declined_at) return 'declined';
  if (signer.signed_at) return 'signed';
  if (!signer.invited_at) return 'waiting';
  return signer.view_count > 0 ? 'viewed' : 'sent';
}

/**
 * Whether it is this signer's turn: together, everyone's; in order, once every signer before
 * them has signed. The server checks this at signing, not only the mail.
 */
export function isSignersTurn(
  order: SigningOrder,
  signers: readonly { position: number; signed_at: string | null }[],
  position: number,
): boolean {
  if (order === 'together') return true;
  return signers.every((other) => other.position >= position || other.signed_at !== null);
}

/** The first signer, in order, still to sign: whom the turn goes to next. */
export function nextInLine<T extends { position: number; signed_at: string | null }>(
  signers: readonly T[],
): T | undefined {
  return [...signers]
    .sort((a, b) => a.position - b.position)
    .find((signer) => signer.signed_at === null);
}

/** Emails compared as the outbox sends them: one person is not two signers. */
export function duplicateSignerEmail(emails: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const email of emails) {
    const folded = email.trim().toLowerCase();
    if (seen.has(folded)) return email.trim();
    seen.add(folded);
  }
  return null;
}
