import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ContractSummary } from '@domain/contracts.schemas';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ContractCard } from './contract-card';

/** Spec section 2, Contracts list: drafts, awaiting signature and completed, newest first. */
export function ContractsScreen() {
  const contracts = useQuery(trpc.contracts.list.queryOptions());
  const list = contracts.data ?? [];
  const sections: { title: string; items: ContractSummary[] }[] = [
    { title: 'Drafts', items: list.filter((contract) => contract.status === 'draft') },
    { title: 'Awaiting Signature', items: list.filter((contract) => contract.status === 'sent') },
    {
      title: 'Completed',
      items: list.filter(
        (contract) => contract.status === 'signed' || contract.status === 'completed',
      ),
    },
  ];
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
      {contracts.isPending && (
        <Stack gap="sm" aria-label="Loading contracts">
          {[1, 2, 3].map((placeholder) => (
            <Skeleton key={placeholder} height={88} radius="md" data-testid="contract-skeleton" />
          ))}
        </Stack>
      )}
      {contracts.isError && (
        <Text c="red">
          Contracts could not be loaded: {errorMessage(contracts.error, 'please try again')}
        </Text>
      )}
      {contracts.isSuccess && list.length === 0 && <EmptyContracts />}
      {sections
        .filter((section) => section.items.length > 0)
        .map((section) => (
          <Stack key={section.title} gap="sm" component="section" aria-label={section.title}>
            <Title order={2} size="h4">
              {section.title} ({section.items.length})
            </Title>
            {section.items.map((contract) => (
              <ContractCard key={contract.id} contract={contract} />
            ))}
          </Stack>
        ))}
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
