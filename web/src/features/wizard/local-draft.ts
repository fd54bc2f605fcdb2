import { z } from 'zod';
import { LANGUAGES } from '@domain/i18n/languages';
import { MAX_CO_SIGNERS, SIGNING_ORDERS } from '@domain/signers';
import { cleanedScopeSchema } from '@domain/scope.schemas';
import { emptyWizardState, type WizardState } from './wizard-state';

/**
 * Wizard state kept in this browser until it is saved, so a reload, a crash or an accidental back
 * navigation loses nothing. Keyed by account and contract, so people sharing a tablet do not see
 * each other's drafts.
 */
const keyOf = (email: string, draft: DraftKey) => `tradesign:wizard:${email}:${draft ?? 'new'}`;

/** A saved contract's id, a kept draft's `local-<id made on the phone>` (issue 40), or new. */
type DraftKey = number | string | undefined;

/** The autosave of a new draft kept on this phone, by the id the phone made for it. */
export const localAutosaveId = (clientDraftId: string) => `local-${clientDraftId}`;

/**
 * A saved draft from an earlier visit, or null. What is stored may come from an older version of
 * the app (or be damaged), so it is checked field by field and completed with defaults: a bad
 * entry must never break the wizard.
 */
export function loadLocalDraft(email: string, contractId: DraftKey): WizardState | null {
  try {
    const text = localStorage.getItem(keyOf(email, contractId));
    if (!text) return null;
    return wizardStateFrom(JSON.parse(text));
  } catch {
    return null;
  }
}

/** A wizard state kept on this phone (here or in the outbox, issue 40), checked, or null. */
export function wizardStateFrom(kept: unknown): WizardState | null {
  const parsed = localDraftSchema.safeParse(kept);
  return parsed.success ? { ...emptyWizardState(), ...parsed.data } : null;
}

const localDraftSchema = z
  .object({
    step: z.number().int().min(1).max(5),
    snippets: z.array(z.string()),
    cleaned: cleanedScopeSchema.nullable(),
    engine: z.enum(['ollama', 'rules', 'fallback']).nullable(),
    client: z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      address: z.string(),
    }),
    language: z.enum(LANGUAGES),
    homeSale: z.boolean(),
    // Issue 37: the other signers as typed, and the order.
    coSigners: z
      .array(z.object({ name: z.string(), email: z.string(), phone: z.string() }))
      .max(MAX_CO_SIGNERS),
    signingOrder: z.enum(SIGNING_ORDERS),
    price: z.string(),
    splitMode: z.enum(['equal', 'custom']),
    stages: z
      .array(
        z.object({
          label: z.string(),
          percent: z.number(),
          trigger: z.string(),
          // The first stage's "Collect online when the client signs" (issue 36).
          collect_at_signing: z.boolean().optional(),
        }),
      )
      .min(1),
    signature: z.string().nullable(),
  })
  .partial();

export function saveLocalDraft(email: string, contractId: DraftKey, state: WizardState) {
  try {
    localStorage.setItem(keyOf(email, contractId), JSON.stringify(state));
  } catch {
    // Storage full or disabled (private mode): the server copy is still there after Save Draft.
  }
}

export function clearLocalDraft(email: string, contractId: DraftKey) {
  try {
    localStorage.removeItem(keyOf(email, contractId));
  } catch {
    // Nothing to clear.
  }
}
