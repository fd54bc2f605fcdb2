import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { formatUsd } from '@domain/money';
import type { EsignView } from './esign-api';
import { formatPhone } from '@domain/template-engine/formatters';

/** Who sent what, for whom and for how much: the homeowner checks this before reading on. */
export function SigningBanner({ view }: { view: EsignView }) {
  const company = view.company_name ?? 'Your contractor';
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0" component="header">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
          <IconShieldLock size={24} />
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Title order={1} size="h3">
            Secure Contract Signature
          </Title>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {company} · Contract #{view.id}
          </Text>
          {view.client_name ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Prepared for {view.client_name}
            </Text>
          ) : null}
          {view.total_price_cents !== null ? (
            <Text size="sm">
              Total:{' '}
              <Text span fw={700}>
                {formatUsd(view.total_price_cents)}
              </Text>
            </Text>
          ) : null}
          <SenderContact phone={view.company_phone} email={view.company_email} />
        </Stack>
      </Group>
    </Paper>
  );
}

/** Questions and paper copies go to the sender (see the disclosure), so make them one tap away. */
function SenderContact(props: { phone: string | null; email: string | null }) {
  if (!props.phone && !props.email) return null;
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      Questions? Contact the sender
      {props.phone ? (
        <>
          {' '}
          at{' '}
          <Anchor inherit href={`tel:${props.phone.replace(/[^\d+]/g, '')}`}>
            {formatPhone(props.phone)}
          </Anchor>
        </>
      ) : null}
      {props.phone && props.email ? ' or' : null}
      {props.email ? (
        <>
          {' '}
          at{' '}
          <Anchor inherit href={`mailto:${props.email}`}>
            {props.email}
          </Anchor>
        </>
      ) : null}
      .
    </Text>
  );
}
