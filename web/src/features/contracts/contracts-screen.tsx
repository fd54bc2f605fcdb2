import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
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
import { useCurrentUser } from '../auth/use-current-user';
import { ContractSearchResults } from './contract-search-results';
import { onlyMine, type ContractsSearch } from './contract-search-words';
import { ContractSection } from './contract-section';
// Issue 36: "Payment due".
import { PaymentDueFilter } from '../payments/payment-due-filter';
// Issue 40: offline, and the drafts still on this phone.
import { OfflineNotices } from '../offline-drafts/unsynced-drafts';
import { useOutboxEntries } from '../offline-drafts/use-outbox';

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
  const user = useCurrentUser().data?.user;
  const role = user?.role;
  const mine = onlyMine(search.who, role);
  const team = useQuery(trpc.team.get.queryOptions());
  // A company of one has nobody else's contracts: the choice would only be noise.
  const hasTeam = (team.data?.members.length ?? 0) > 1;
  const paymentDue = search.due === true;
  const counts = useQuery(trpc.contracts.counts.queryOptions({ mine, payment_due: paymentDue }));
  const total = counts.data ? Object.values(counts.data).reduce((sum, n) => sum + n, 0) : 0;
  const searching = Boolean(search.q?.trim() || search.status);
  // A first contract written offline waits on the phone: the list is not empty (issue 40).
  const keptOnPhone = useOutboxEntries(user?.email).length;
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
      <OfflineNotices email={user?.email} />
      <VerifyEmailNotice />
      <AcknowledgmentBanner />
      {!searching && counts.isPending && (
        <Stack gap="sm" aria-label="Loading contracts">
          {[1, 2, 3].map((placeholder) => (
            <Skeleton key={placeholder} height={88} radius="md" data-testid="contract-skeleton" />
          ))}
        </Stack>
      )}
      {counts.isError && !counts.data && (
        <Text c="red">
          Contracts could not be loaded: {errorMessage(counts.error, 'please try again')}
        </Text>
      )}
      <Group gap="sm">
        {hasTeam && (
          <WhoseContracts
            mine={mine}
            onChange={(nextMine) => onSearchChange({ who: nextMine ? 'mine' : 'everyone' })}
          />
        )}
        {(searching || paymentDue || total > 0) && (
          <PaymentDueFilter
            checked={paymentDue}
            onChange={(due) => onSearchChange({ due: due ? true : undefined })}
          />
        )}
      </Group>
      {(searching || total > 0) && <ContractSearchBar search={search} onChange={onSearchChange} />}
      {searching && (
        <ContractSearchResults
          search={search}
          mine={mine}
          paymentDue={paymentDue}
          onShowAll={() => onSearchChange({ q: undefined, status: undefined })}
        />
      )}
      {!searching &&
        counts.isSuccess &&
        total === 0 &&
        keptOnPhone === 0 &&
        (paymentDue ? <NothingDue /> : mine && hasTeam ? <NoneOfMine /> : <EmptyContracts />)}
      {/* Once there is any contract, every section shows, each with its count (spec); Closed
          starts folded. */}
      {!searching &&
        counts.data &&
        total > 0 &&
        contractSectionSchema.options
          // "Payment due" shows only the sections that have such contracts.
          .filter((section) => !paymentDue || counts.data[section] > 0)
          .map((section) =>
            section === 'closed' ? (
              <ClosedSection
                key={section}
                count={counts.data.closed}
                mine={mine}
                paymentDue={paymentDue}
              />
            ) : (
              <ContractSection
                key={section}
                section={section}
                count={counts.data[section]}
                mine={mine}
                paymentDue={paymentDue}
              />
            ),
          )}
    </Stack>
  );
}

/** "Everyone" or "Mine": the whole company's contracts, or those the person wrote or sent. */
function WhoseContracts({ mine, onChange }: { mine: boolean; onChange: (mine: boolean) => void }) {
  return (
    <SegmentedControl
      aria-label="Whose contracts"
      value={mine ? 'mine' : 'everyone'}
      onChange={(value) => onChange(value === 'mine')}
      data={[
        { value: 'everyone', label: 'Everyone' },
        { value: 'mine', label: 'Mine' },
      ]}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}

function NothingDue() {
  return (
    <Paper withBorder p="lg">
      <Text>No contract has a payment due: every stage asked for is paid.</Text>
    </Paper>
  );
}

function NoneOfMine() {
  return (
    <Paper withBorder p="lg">
      <Text>None of the company’s contracts were written or sent by you yet.</Text>
    </Paper>
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
