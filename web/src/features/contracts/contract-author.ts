import type { PersonRef } from '@domain/contracts.schemas';

/**
 * "Sent by Sam Diaz" (issue 35): who of the team sent a contract, or wrote it while it is a
 * draft. Nothing for the reader's own, so a contractor working alone never reads their own name
 * on every card.
 */
export function authorLine(
  contract: { created_by: PersonRef | null; sent_by: PersonRef | null },
  readerId: number | undefined,
): string | null {
  if (contract.sent_by) {
    return contract.sent_by.id === readerId ? null : `Sent by ${contract.sent_by.name}`;
  }
  if (contract.created_by && contract.created_by.id !== readerId) {
    return `Written by ${contract.created_by.name}`;
  }
  return null;
}

/** The contract page says it of every contract, the reader's own as "you". */
export function pageAuthorLine(
  contract: { created_by: PersonRef | null; sent_by: PersonRef | null },
  readerId: number | undefined,
): string | null {
  const name = (person: PersonRef) => (person.id === readerId ? 'you' : person.name);
  if (contract.sent_by) return `Sent by ${name(contract.sent_by)}`;
  return contract.created_by ? `Written by ${name(contract.created_by)}` : null;
}
