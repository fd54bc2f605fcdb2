import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { formatUsd } from '@domain/money';
import { ContractFrame } from '../../../components/contract-frame';
import { PageLoading } from '../../../components/page-loading';
import { STATUS_BADGE } from '@domain/contract-lifecycle';
import { ContractTimeline } from '../../../features/contracts/contract-timeline';
import { ContractLoadError } from '../../../features/contracts/contract-load-error';
import { ExecutedCopyPanel } from '../../../features/documents/executed-copy-panel';
import { trpc } from '../../../lib/trpc';

export const Route = createFileRoute('/_authed/contracts/$id')({
  params: {
    parse: ({ id }) => ({ id: Number(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: ContractViewPage,
});

/** A sent or completed contract, read-only, with its timeline. */
function ContractViewPage() {
  const { id } = Route.useParams();
  const contract = useQuery(trpc.contracts.get.queryOptions({ id }));
  const timeline = useQuery(trpc.contracts.timeline.queryOptions({ id }));
  if (contract.isPending) return <PageLoading />;
  if (contract.isError) return <ContractLoadError error={contract.error} />;
  const document = contract.data.template_html;
  return (
    <Stack gap="lg">
      <div>
        <Group gap="xs">
          <Badge variant="light">{STATUS_BADGE[contract.data.status]}</Badge>
          <Text size="sm" c="dimmed">
            {formatUsd(contract.data.total_price_cents)}
          </Text>
        </Group>
        <Title order={1} size="h2" mt={4}>
          Contract #{contract.data.id}
        </Title>
        <Text c="dimmed">{contract.data.client_name ?? 'No client'}</Text>
        {contract.data.client_signed_at && <ExecutedCopyPanel contractId={contract.data.id} />}
      </div>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Timeline
        </Title>
        {timeline.data ? <ContractTimeline events={timeline.data} /> : <PageLoading />}
      </Paper>
      {document ? (
        <ContractFrame html={document} title={`Contract #${contract.data.id} as sent`} />
      ) : (
        <Text c="dimmed">This contract has not been sent yet.</Text>
      )}
    </Stack>
  );
}
