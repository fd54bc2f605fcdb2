import { Badge, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { STATUS_BADGE } from '@domain/contract-lifecycle';
import type { Contract } from '@domain/contracts.schemas';
import { LANGUAGE_NAMES } from '@domain/i18n/languages';
import { formatUsd } from '@domain/money';
import { ButtonLink } from '../../components/button-link';
import { ExecutedCopyPanel } from '../documents/executed-copy-panel';
import { STATUS_BADGE_COLOR } from './contract-card';
import { useCurrentUser } from '../auth/use-current-user';
import { pageAuthorLine } from './contract-author';
import { RevisionLinks } from './revision-links';

/** The contract page's top: status, price, number, client, its revisions, its signed copy. */
export function ContractPageHeader({ contract }: { contract: Contract }) {
  const author = pageAuthorLine(contract, useCurrentUser().data?.user?.id);
  return (
    <div>
      <Group gap="xs">
        <Badge color={STATUS_BADGE_COLOR[contract.status]} variant="light">
          {STATUS_BADGE[contract.status]}
        </Badge>
        <Text size="sm" c="dimmed">
          {formatUsd(contract.total_price_cents)}
        </Text>
      </Group>
      <Title order={1} size="h2" mt={4}>
        Contract #{contract.id}
      </Title>
      <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {contract.client_name ?? 'No client'}
      </Text>
      {/* The client's mails and signing page are in it; the client may switch it (issue 20). */}
      <Text size="sm" c="dimmed">
        Client's language: {LANGUAGE_NAMES[contract.language]}
      </Text>
      {author && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {author}
        </Text>
      )}
      <RevisionLinks contract={contract} />
      {contract.status === 'draft' && (
        <ButtonLink
          to="/wizard"
          search={{ id: contract.id }}
          mt="sm"
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          Continue in the wizard
        </ButtonLink>
      )}
      {contract.client_signed_at && <ExecutedCopyPanel contractId={contract.id} />}
    </div>
  );
}
