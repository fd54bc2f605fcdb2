import { Button, Code, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatLongDate } from '@domain/dates';
import type { VerifyResult } from './verify-api';
import type { VerifyState } from './use-verify-file';
import { changedContractLines, sealLines, verifiedDocumentName } from './verified-document';

const wrap = { overflowWrap: 'anywhere' } as const;

/** What the check found, for the state after a file was chosen (nothing before that). */
export function VerifyResultView(props: { state: VerifyState; onRetry: () => void }) {
  const { state } = props;
  switch (state.kind) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text style={wrap}>Checking...</Text>
        </Group>
      );
    case 'refused':
      return (
        <ResultCard color="yellow" icon={<IconAlertTriangle size={28} />} title={state.title}>
          <Text style={wrap}>{state.message}</Text>
        </ResultCard>
      );
    case 'done':
      return (
        <Stack gap="md">
          {state.outcome.kind === 'genuine' ? (
            <Genuine result={state.outcome.result} />
          ) : state.outcome.kind === 'mismatch' ? (
            <ResultCard color="red" icon={<IconCircleX size={28} />} title="Not a match">
              <Text>
                This file is not an executed copy issued by this TradeSign server, or it was changed
                after signing. Even one changed byte gives a different fingerprint.
              </Text>
            </ResultCard>
          ) : (
            <ResultCard
              color="yellow"
              icon={<IconAlertTriangle size={28} />}
              title="Could not check right now"
            >
              <Text>Please try again in a minute</Text>
              <Button variant="light" color="dark" onClick={props.onRetry}>
                Try again
              </Button>
            </ResultCard>
          )}
          <Fingerprint fileName={state.fileName} fingerprint={state.fingerprint} />
        </Stack>
      );
  }
}

function Genuine({ result }: { result: VerifyResult }) {
  return (
    <ResultCard color="green" icon={<IconCircleCheck size={28} />} title="Genuine executed copy">
      <Text fw={700} size="lg">
        {verifiedDocumentName(result)}
      </Text>
      <ChangedContract result={result} />
      <Text style={wrap}>Contractor: {result.contractor ?? 'Not recorded'}</Text>
      {result.signers.length > 1 ? (
        // Several clients signed (issue 37): each, with the day they signed.
        <div>
          <Text>Clients:</Text>
          <Stack component="ul" gap={2} my={0} pl="lg">
            {result.signers.map((signer, index) => (
              <Text component="li" key={`${index}-${signer.name}`} style={wrap}>
                {signer.name}
                {signer.signed_at ? `, signed ${formatLongDate(signer.signed_at)}` : ''}
              </Text>
            ))}
          </Stack>
        </div>
      ) : (
        <Text style={wrap}>Client: {result.client ?? 'Not recorded'}</Text>
      )}
      {/* Not "Completed": in a building contract that reads as the work being finished (issue 32). */}
      <Text>Signed by all parties on {formatLongDate(result.completed_at)}</Text>
      {sealLines(result).map((line) => (
        <Text key={line} style={wrap}>
          {line}
        </Text>
      ))}
    </ResultCard>
  );
}

/** A change order's contract and that contract's sealed copy (issue 38); nothing for a contract. */
function ChangedContract({ result }: { result: VerifyResult }) {
  const lines = changedContractLines(result);
  if (!lines) return null;
  return (
    <Stack gap={4}>
      <Text style={wrap}>{lines.heading}</Text>
      <Text size="sm" c="dimmed" style={wrap}>
        {lines.fingerprintLabel}
      </Text>
      {lines.fingerprint ? <FingerprintCode fingerprint={lines.fingerprint} /> : null}
    </Stack>
  );
}

function ResultCard(props: {
  color: 'green' | 'red' | 'yellow';
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      bg={`${props.color}.0`}
      style={{ borderColor: `var(--mantine-color-${props.color}-6)` }}
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light" color={props.color} aria-hidden>
          {props.icon}
        </ThemeIcon>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Title order={2} size="h3" c={`${props.color}.9`}>
            {props.title}
          </Title>
          {props.children}
        </Stack>
      </Group>
    </Paper>
  );
}

function Fingerprint(props: { fileName: string; fingerprint: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" style={wrap}>
        SHA-256 fingerprint of {props.fileName}
      </Text>
      <FingerprintCode fingerprint={props.fingerprint} />
    </Stack>
  );
}

/** 64 hex digits that wrap anywhere, so a phone's width never scrolls them. */
function FingerprintCode(props: { fingerprint: string }) {
  return (
    <Code
      block
      style={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    >
      {props.fingerprint}
    </Code>
  );
}
