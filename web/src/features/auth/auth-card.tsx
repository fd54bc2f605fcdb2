import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The frame shared by the sign-in and sign-up screens. */
export function AuthCard(props: {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** The line under the card that leads to the other screen; left out when there is none. */
  switchTo?: { text: string; label: string; to: '/login' | '/signup' } | null;
}) {
  return (
    <Stack maw={420} mx="auto" mt={{ base: 'md', sm: 60 }} gap="lg">
      <div>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed" mt={4}>
          {props.subtitle}
        </Text>
      </div>
      <Paper withBorder shadow="xs" p="lg">
        {props.children}
      </Paper>
      {props.switchTo && (
        <Text ta="center" size="sm">
          {props.switchTo.text}{' '}
          <Anchor component={Link} to={props.switchTo.to} fw={600}>
            {props.switchTo.label}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
