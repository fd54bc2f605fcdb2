import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CONTRACT_PAGE_SIZE } from '@domain/contract-list.schemas';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ContractCard } from './contract-card';
import type { ContractsSearch } from './contract-search-words';
import { countMessage, noMatchMessage } from './contract-search-words';
import { statusFilterOf } from './status-filter';

/**
 * The contracts that match the search box and the status filter, newest first, from every
 * section, a page at a time. Read afresh each time the screen opens: any change to a contract
 * may change what matches.
 */
export function ContractSearchResults({
  search,
  mine,
  paymentDue,
  onShowAll,
}: {
  search: ContractsSearch;
  mine: boolean;
  paymentDue: boolean;
  onShowAll: () => void;
}) {
  const statuses = statusFilterOf(search.status)?.statuses.join(',');
  const pages = useInfiniteQuery({
    ...trpc.contracts.search.infiniteQueryOptions(
      { q: search.q, status: statuses, limit: CONTRACT_PAGE_SIZE, mine, payment_due: paymentDue },
      { getNextPageParam: (lastPage) => lastPage.nextCursor },
    ),
    staleTime: 0,
  });
  const cards = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = pages.isSuccess && cards.length === 0;
  return (
    <Stack gap="sm" component="section" aria-label="Search results">
      {pages.isPending && (
        <Stack gap="sm" aria-label="Searching">
          {[1, 2].map((placeholder) => (
            <Skeleton key={placeholder} height={88} radius="md" data-testid="contract-skeleton" />
          ))}
        </Stack>
      )}
      {pages.isError && (
        <Text c="red.8" role="alert">
          The search could not be done: {errorMessage(pages.error, 'please try again')}
        </Text>
      )}
      {/* A live region, always there, so a screen reader hears each new answer. */}
      <Text
        role="status"
        size={empty ? 'md' : 'sm'}
        fw={empty ? 600 : undefined}
        c={empty ? undefined : 'dimmed'}
        style={{ overflowWrap: 'anywhere' }}
      >
        {!pages.isSuccess
          ? ''
          : empty
            ? noMatchMessage(search)
            : countMessage(cards.length, pages.hasNextPage)}
      </Text>
      {empty && (
        <Group>
          <Button variant="default" onClick={onShowAll}>
            Show all contracts
          </Button>
        </Group>
      )}
      {cards.map((contract) => (
        <ContractCard key={contract.id} contract={contract} />
      ))}
      {pages.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
        >
          Show more
        </Button>
      )}
    </Stack>
  );
}
