import { Text } from '@mantine/core';
import type { ContractSummary } from '@domain/contracts.schemas';
import { cardSignersText } from './signer-words';

/** A sent card's "1 of 2 signed" (issue 37); nothing for a client who signs alone. */
export function CardSigners({ contract }: { contract: ContractSummary }) {
  const text = cardSignersText(contract);
  if (!text) return null;
  return (
    <Text size="sm" fw={600}>
      {text}
    </Text>
  );
}
