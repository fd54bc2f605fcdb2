import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { STATUS_BADGE, type ContractStatus } from '@domain/contract-lifecycle';
import type { ContractSummary } from '@domain/contracts.schemas';
import { formatUsd } from '@domain/money';
import { useCurrentUser } from '../auth/use-current-user';
import { CardFollowUp } from './card-follow-up';
// Issue 36: "Paid $1,650 of $5,000", and since when a payment is due.
import { CardPayments } from '../payments/card-payments';
// Issue 37: "1 of 2 signed".
import { CardSigners } from '../signers/card-signers';
import { authorLine } from './contract-author';
import classes from './contract-card.module.css';
import { formatDate } from './follow-up-format';

/** The badge's colour for each status; its words are the lifecycle's. */
export const STATUS_BADGE_COLOR = {
  draft: 'gray',
  sent: 'yellow',
  expired: 'orange',
  declined: 'red',
  voided: 'gray',
  signed: 'green',
  completed: 'green',
} as const satisfies Record<ContractStatus, string>;

/** "Contract #12, Expired, for Jordan Rivera: open": what a screen reader says for the card. */
function cardName(contract: ContractSummary): string {
  const client = contract.client_name ? ` for ${contract.client_name}` : '';
  // Drafts keep their wording: "Contract #3, draft for Jordan Rivera: continue".
  if (contract.status === 'draft') return `Contract #${contract.id}, draft${client}: continue`;
  const status = STATUS_BADGE[contract.status];
  return `Contract #${contract.id}, ${status}${client ? `,${client}` : ''}: open`;
}

/** One contract in the list: a draft opens in the wizard, any other on its own page. */
export function ContractCard({ contract }: { contract: ContractSummary }) {
  // The card's name is short; its expiry, reminders and openings are read as its description.
  const followUpId = useId();
  const author = authorLine(contract, useCurrentUser().data?.user?.id);
  const isDraft = contract.status === 'draft';
  const wasSent = contract.status === 'sent' || contract.status === 'expired';
  const date = wasSent
    ? `Sent ${formatDate(contract.sent_at ?? contract.created_at)}`
    : contract.closed_at
      ? `Closed ${formatDate(contract.closed_at)}`
      : formatDate(contract.created_at);
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Badge color={STATUS_BADGE_COLOR[contract.status]} variant="light">
            {STATUS_BADGE[contract.status]}
          </Badge>
          <Text size="sm" c="dimmed">
            {date}
          </Text>
        </Group>
        <Text fw={700}>Contract #{contract.id}</Text>
        {contract.original_id !== null && (
          <Text size="sm" c="dimmed">
            Revision {contract.revision_number} of Contract #{contract.original_id}
          </Text>
        )}
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
        {author && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {author}
          </Text>
        )}
        <div id={followUpId}>
          <CardSigners contract={contract} />
          <CardFollowUp contract={contract} />
          <CardPayments contract={contract} />
        </div>
      </Stack>
      <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
        {contract.total_price_cents !== null && (
          <Text fw={600}>{formatUsd(contract.total_price_cents)}</Text>
        )}
        <Button size="compact-sm" variant={isDraft ? 'light' : 'subtle'} component="span">
          {isDraft ? 'Continue' : 'View'}
        </Button>
      </Stack>
    </Group>
  );
  const card = (
    <Card withBorder padding="md">
      {body}
    </Card>
  );
  return isDraft ? (
    <Link
      to="/wizard"
      search={{ id: contract.id }}
      aria-label={cardName(contract)}
      className={classes.cardLink}
    >
      {card}
    </Link>
  ) : (
    <Link
      to="/contracts/$id"
      params={{ id: contract.id }}
      aria-label={cardName(contract)}
      aria-describedby={
        wasSent || contract.paid_cents > 0 || contract.payment_due_at ? followUpId : undefined
      }
      className={classes.cardLink}
    >
      {card}
    </Link>
  );
}
