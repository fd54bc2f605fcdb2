import { Paper, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

/**
 * The frame of a page an emailed account link opens (/verify-email/…, /confirm-email/…): a
 * title, what happened, and what to do next. Its status region is announced when it changes.
 */
export function LinkPage(props: { title: string; documentTitle: string; children: ReactNode }) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${props.documentTitle} · TradeSign`;
    return () => {
      document.title = previous;
    };
  }, [props.documentTitle]);
  return (
    <Stack maw={480} mx="auto" mt={{ base: 'md', sm: 60 }} gap="lg">
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Paper withBorder shadow="xs" p="lg">
        <Stack gap="md" role="status" aria-live="polite">
          {props.children}
        </Stack>
      </Paper>
    </Stack>
  );
}
