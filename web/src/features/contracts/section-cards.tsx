import { Button, Skeleton, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  CONTRACT_PAGE_SIZE,
  type ContractSection as SectionName,
} from '@domain/contract-list.schemas';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ContractCard } from './contract-card';

export const sectionTitles: Record<SectionName, string> = {
  drafts: 'Drafts',
  awaiting: 'Awaiting Signature',
  completed: 'Completed',
  closed: 'Closed',
};

const emptyNotes: Record<SectionName, string> = {
  drafts: 'No drafts: contracts you save before sending wait here.',
  awaiting: 'Nothing is waiting for a client’s signature.',
  completed: 'No signed contracts yet.',
  closed: 'No declined or withdrawn contracts.',
};

/**
 * A section's cards: its first page, then more on request, so a contractor with thousands of
 * contracts is not made to wait for (or scroll) all of them.
 */
export function SectionCards({
  section,
  count,
  mine,
  paymentDue,
}: {
  section: SectionName;
  count: number;
  /** Only the signed-in person's contracts ("Mine"). */
  mine: boolean;
  /** Only the contracts with a payment due (issue 36). */
  paymentDue: boolean;
}) {
  const pages = useInfiniteQuery(
    trpc.contracts.page.infiniteQueryOptions(
      { section, limit: CONTRACT_PAGE_SIZE, mine, payment_due: paymentDue },
      // An empty section has nothing to ask for.
      { getNextPageParam: (lastPage) => lastPage.nextCursor, enabled: count > 0 },
    ),
  );
  const cards = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {count === 0 && (
        <Text size="sm" c="dimmed">
          {emptyNotes[section]}
        </Text>
      )}
      {count > 0 &&
        pages.isPending &&
        Array.from({ length: Math.min(count, 3) }, (_, index) => (
          <Skeleton key={index} height={88} radius="md" data-testid="contract-skeleton" />
        ))}
      {cards.map((contract) => (
        <ContractCard key={contract.id} contract={contract} />
      ))}
      {pages.isError && (
        <Text c="red.8" role="alert">
          {sectionTitles[section]} could not be loaded:{' '}
          {errorMessage(pages.error, 'please try again')}
        </Text>
      )}
      {pages.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
        >
          Show more ({cards.length} of {count} shown)
        </Button>
      )}
    </>
  );
}
