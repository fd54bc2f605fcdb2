import { centsToDollarInput, dollarsToCents, sanitizePriceInput } from '@domain/money';
import { paperCopyFeeCentsField } from '@domain/prefs.schemas';

/** The field's text for the stored fee: empty for no fee, else dollars as the wizard shows them. */
export function paperCopyFeeInput(cents: number | null): string {
  return cents ? centsToDollarInput(cents) : '';
}

/**
 * The fee typed in dollars, as PUT /api/prefs takes it: cents, or null for no fee (left empty),
 * or the message to show under the field, checked by the rule the server checks it with.
 */
export function readPaperCopyFee(text: string): { cents: number | null } | { error: string } {
  const typed = sanitizePriceInput(text);
  if (typed === '') return { cents: null };
  const cents = dollarsToCents(typed);
  if (cents === null) return { error: 'Enter an amount such as 25.00' };
  const checked = paperCopyFeeCentsField.safeParse(cents);
  if (!checked.success) return { error: checked.error.issues[0]?.message ?? 'Invalid amount' };
  return { cents: checked.data ?? null };
}
