import { Stack, Text } from '@mantine/core';
import type { Contract } from '@domain/contracts.schemas';
import { AnchorLink } from '../../components/anchor-link';

/** Where a contract sits in its line of revisions: what it revises, what revised it. */
export function RevisionLinks({ contract }: { contract: Contract }) {
  const { revision_of: revisionOf, original_id: originalId, revised_as: revisedAs } = contract;
  if (revisionOf === null && revisedAs === null) return null;
  const original = originalId ?? revisionOf;
  return (
    <Stack gap={2} mt={4}>
      {revisionOf !== null && (
        <Text size="sm">
          Revision {contract.revision_number} of{' '}
          {original === revisionOf ? (
            <ContractLink id={revisionOf} />
          ) : (
            <>
              Contract #{original} (revises <ContractLink id={revisionOf} />)
            </>
          )}
        </Text>
      )}
      {revisedAs !== null && (
        <Text size="sm" fw={600}>
          Revised as <ContractLink id={revisedAs} />
        </Text>
      )}
    </Stack>
  );
}

function ContractLink({ id }: { id: number }) {
  return (
    <AnchorLink to="/contracts/$id" params={{ id }} inherit>
      Contract #{id}
    </AnchorLink>
  );
}
