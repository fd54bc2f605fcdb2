import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ContractSummary } from '@domain/contracts.schemas';
import { ButtonLink } from '../../components/button-link';
import classes from './contract-card.module.css';
import { formatUsd } from '@domain/money';

const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Spec section 4: draft 'Draft', sent 'Awaiting Signature', signed and completed 'Completed'. */
export function statusBadgeLabel(status: string): string {
  if (status === 'draft') return 'Draft';
  if (status === 'sent') return 'Awaiting Signature';
  if (status === 'signed' || status === 'completed') return 'Completed';
  return status;
}

const badgeColor: Record<string, string> = {
  Draft: 'gray',
  'Awaiting Signature': 'yellow',
  Completed: 'green',
};

/** One contract in the list (spec section 2); only drafts are links. */
export function ContractCard({ contract }: { contract: ContractSummary }) {
  const label = statusBadgeLabel(contract.status);
  const isDraft = contract.status === 'draft';
  const date =
    contract.status === 'sent'
      ? `Sent ${shortDate.format(new Date(contract.sent_at ?? contract.created_at))}`
      : shortDate.format(new Date(contract.created_at));
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Badge color={badgeColor[label] ?? 'blue'} variant="light">
            {label}
          </Badge>
          <Text size="sm" c="dimmed">
            {date}
          </Text>
        </Group>
        <Text fw={700}>Contract #{contract.id}</Text>
        {contract.email_failed && (
          <Text size="sm" c="red.8" fw={600} role="alert">
            Email could not be delivered: check the client&apos;s address
          </Text>
        )}
        <Text
          size="sm"
          c={contract.client_name ? undefined : 'dimmed'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {contract.client_name ?? 'No client yet'}
        </Text>
      </Stack>
      <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
        {contract.total_price_cents !== null && (
          <Text fw={600}>{formatUsd(contract.total_price_cents)}</Text>
        )}
        {isDraft ? (
          <Button size="compact-sm" variant="light" component="span">
            Continue
          </Button>
        ) : (
          <ButtonLink
            size="compact-sm"
            variant="subtle"
            to="/contracts/$id"
            params={{ id: contract.id }}
            aria-label={`View contract #${contract.id}`}
          >
            View
          </ButtonLink>
        )}
      </Stack>
    </Group>
  );
  if (!isDraft) {
    return (
      <Card withBorder padding="md" component="article" aria-label={`Contract #${contract.id}`}>
        {body}
      </Card>
    );
  }
  return (
    <Link
      to="/wizard"
      search={{ id: contract.id }}
      aria-label={`Contract #${contract.id}, draft${contract.client_name ? ` for ${contract.client_name}` : ''}: continue`}
      className={classes.cardLink}
    >
      <Card withBorder padding="md">
        {body}
      </Card>
    </Link>
  );
}
