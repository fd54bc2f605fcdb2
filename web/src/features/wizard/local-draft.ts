import type { WizardState } from './wizard-state';

/**
 * Wizard state kept in this browser until it is saved, so a reload, a crash or an accidental back
 * navigation loses nothing. Keyed by account and contract, so people sharing a tablet do not see
 * each other's drafts.
 */
const keyOf = (email: string, contractId: number | undefined) =>
  `tradesign:wizard:${email}:${contractId ?? 'new'}`;

export function loadLocalDraft(email: string, contractId: number | undefined): WizardState | null {
  try {
    const text = localStorage.getItem(keyOf(email, contractId));
    return text ? (JSON.parse(text) as WizardState) : null;
  } catch {
    return null;
  }
}

export function saveLocalDraft(email: string, contractId: number | undefined, state: WizardState) {
  try {
    localStorage.setItem(keyOf(email, contractId), JSON.stringify(state));
  } catch {
    // Storage full or disabled (private mode): the server copy is still there after Save Draft.
  }
}

export function clearLocalDraft(email: string, contractId: number | undefined) {
  try {
    localStorage.removeItem(keyOf(email, contractId));
  } catch {
    // Nothing to clear.
  }
}
