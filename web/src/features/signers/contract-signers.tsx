import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Contract } from '@domain/contracts.schemas';
import { SIGNER_BADGE, SIGNER_BADGE_COLOR, signerLines } from './signer-words';

/**
 * The contract page's "Signers" (issue 37): each client who signs, with their status, openings,
 * reminders and when they signed or declined. A draft has none yet: its signers are typed in
 * the wizard.
 */
export function ContractSigners({ contract }: { contract: Contract }) {
  const { signers } = contract;
  if (signers.length === 0) return null;
  const inOrder = contract.signing_order === 'in_order' && signers.length > 1;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="contract-signers-title">
      <Title order={2} size="h4" id="contract-signers-title">
        {signers.length === 1 ? 'Signer' : 'Signers'}
      </Title>
      {signers.length > 1 && (
        <Text size="sm" c="dimmed">
          {inOrder
            ? 'In this order: each gets their link after the one before signs'
            : 'Together: everyone got their link at once'}
        </Text>
      )}
      <Stack component="ol" gap="sm" mt="sm" p={0} style={{ listStyle: 'none' }}>
        {signers.map((signer) => (
          <li key={signer.id}>
            {/* The badge follows the name, and goes under it when a long name needs the row. */}
            <Group gap={6} wrap="wrap" align="center">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {inOrder ? `${signer.position}. ` : ''}
                {signer.name}
              </Text>
              <Badge color={SIGNER_BADGE_COLOR[signer.status]} variant="light">
                {SIGNER_BADGE[signer.status]}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {signer.email}
            </Text>
            {signerLines(signer).map((line) => (
              <Text key={line} size="sm" c="dimmed">
                {line}
              </Text>
            ))}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
