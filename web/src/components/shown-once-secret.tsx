import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A secret the server shows once (an API key, a webhook signing secret): the value to copy, why
 * now, and a button to put it away. It leaves the page with the next reload.
 */
export function ShownOnceSecret(props: {
  title: string;
  /** What the secret is for; the "only time it is shown" sentence comes first. */
  children: ReactNode;
  value: string;
  /** The accessible name of the value, e.g. "New API key". */
  label: string;
  copyLabel: string;
  onDone: () => void;
}) {
  return (
    <Alert color="green" title={props.title} role="status">
      <Stack gap="xs">
        <Text size="sm">Copy it now: this is the only time it is shown. {props.children}</Text>
        <Code
          block
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          aria-label={props.label}
        >
          {props.value}
        </Code>
        <Group>
          <CopyButton value={props.value}>
            {({ copied, copy }) => (
              <Button size="compact-md" onClick={copy} variant={copied ? 'light' : 'filled'}>
                {copied ? 'Copied' : props.copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button size="compact-md" variant="default" onClick={props.onDone}>
            I have stored it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A bordered row of a settings list (keys, webhook endpoints). */
export const settingsRowStyle = {
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 8,
} as const;
