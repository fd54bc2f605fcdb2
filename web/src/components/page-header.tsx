import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's heading and subtitle, with an optional action (a button) kept on the same row. */
export function PageHeader(props: { title: string; subtitle: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div style={{ flex: 1, minWidth: 0 }}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed">{props.subtitle}</Text>
      </div>
      {props.action && <div style={{ flexShrink: 0 }}>{props.action}</div>}
    </Group>
  );
}
