import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { STATUS_BADGE, type ContractStatus } from '@domain/contract-lifecycle';
import type { ContractSummary } from '@domain/contracts.schemas';
import { ButtonLink } from '../../components/button-link';
import classes from './contract-card.module.css';
import { formatUsd } from '@domain/money';

const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The badge's colour for each status; its words are the lifecycle's. */
export const STATUS_BADGE_COLOR = {
  draft: 'gray',
  sent: 'yellow',
  signed: 'green',
  completed: 'green',
} as const satisfies Record<ContractStatus, string>;

/** One contract in the list; only drafts are links. */
export function ContractCard({ contract }: { contract: ContractSummary }) {
  const label = STATUS_BADGE[contract.status];
  const isDraft = contract.status === 'draft';
  const date =
    contract.status === 'sent'
      ? `Sent ${shortDate.format(new Date(contract.sent_at ?? contract.created_at))}`
      : shortDate.format(new Date(contract.created_at));
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Badge color={STATUS_BADGE_COLOR[contract.status]} variant="light">
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
