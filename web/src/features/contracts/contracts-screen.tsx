import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { contractSectionSchema } from '@domain/contract-list.schemas';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AcknowledgmentBanner } from '../legal/acknowledgment-banner';
import { VerifyEmailNotice } from '../account-email/verify-email-notice';
import { ClosedSection } from './closed-section';
import { ContractSearchBar } from './contract-search-bar';
import { ContractSearchResults } from './contract-search-results';
import type { ContractsSearch } from './contract-search-words';
import { ContractSection } from './contract-section';

/**
 * Contracts list: drafts, awaiting signature, completed and (folded) closed, newest first. The
 * counts come first (one small query); each section then loads its own pages (docs/decisions/011).
 * A search or a status filter shows the matching contracts instead, from every section.
 */
export function ContractsScreen({
  search,
  onSearchChange,
}: {
  search: ContractsSearch;
  onSearchChange: (change: Partial<ContractsSearch>) => void;
}) {
  const counts = useQuery(trpc.contracts.counts.queryOptions());
  const total = counts.data ? Object.values(counts.data).reduce((sum, n) => sum + n, 0) : 0;
  const searching = Boolean(search.q?.trim() || search.status);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Contracts"
        subtitle="Manage your project contracts"
        action={
          <Button component={Link} to="/wizard" leftSection={<IconPlus size={18} aria-hidden />}>
            New Contract
          </Button>
        }
      />
      <VerifyEmailNotice />
      <AcknowledgmentBanner />
      {!searching && counts.isPending && (
        <Stack gap="sm" aria-label="Loading contracts">
          {[1, 2, 3].map((placeholder) => (
            <Skeleton key={placeholder} height={88} radius="md" data-testid="contract-skeleton" />
          ))}
        </Stack>
      )}
      {counts.isError && (
        <Text c="red">
          Contracts could not be loaded: {errorMessage(counts.error, 'please try again')}
        </Text>
      )}
      {(searching || total > 0) && <ContractSearchBar search={search} onChange={onSearchChange} />}
      {searching && (
        <ContractSearchResults
          search={search}
          onShowAll={() => onSearchChange({ q: undefined, status: undefined })}
        />
      )}
      {!searching && counts.isSuccess && total === 0 && <EmptyContracts />}
      {/* Once there is any contract, every section shows, each with its count (spec); Closed
          starts folded. */}
      {!searching &&
        counts.data &&
        total > 0 &&
        contractSectionSchema.options.map((section) =>
          section === 'closed' ? (
            <ClosedSection key={section} count={counts.data.closed} />
          ) : (
            <ContractSection key={section} section={section} count={counts.data[section]} />
          ),
        )}
    </Stack>
  );
}

function EmptyContracts() {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconFileText size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          No contracts yet
        </Title>
        <Text c="dimmed">Create your first contract to get started</Text>
        <Button component={Link} to="/wizard" mt="xs">
          Create First Contract
        </Button>
      </Stack>
    </Paper>
  );
}
