import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The frame shared by the sign-in and sign-up screens. */
export function AuthCard(props: {
  title: string;
  subtitle: string;
  children: ReactNode;
  switchText: string;
  switchLabel: string;
  switchTo: '/login' | '/signup';
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
      <Text ta="center" size="sm">
        {props.switchText}{' '}
        <Anchor component={Link} to={props.switchTo} fw={600}>
          {props.switchLabel}
        </Anchor>
      </Text>
    </Stack>
  );
}
