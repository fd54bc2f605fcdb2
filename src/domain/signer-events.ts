/**
 * Which signer an event of the audit trail belongs to (issue 37, docs/decisions/048). Each
 * signer's opening, consent, signature, decline and language switch records them as
 * `details.signer = {id, position, name, email}`; events recorded before several clients could
 * sign name nobody, and belong to the client of record, the first signer.
 */

/** The signer an event's details record, when they record one. */
export function eventSignerOf(
  details: Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  const signer = details?.signer;
  return signer && typeof signer === 'object' ? (signer as Record<string, unknown>) : null;
}

/** Whether an event (its parsed details) is this signer's. */
export function isSignersEvent(
  details: Record<string, unknown> | null | undefined,
  signer: { id: number; position: number },
): boolean {
  const recorded = eventSignerOf(details);
  return recorded ? recorded.id === signer.id : signer.position === 1;
}
