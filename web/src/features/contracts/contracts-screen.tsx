import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';

/** Spec section 2, Contracts list: heading, subtitle, New Contract, and the empty state. */
export function ContractsScreen() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Contracts"
        subtitle="Manage your project contracts"
        action={
          <Button component={Link} to="/wizard" leftSection={<IconPlus size={18} aria-hidden />}>
            New Contract
          </Button>
        }
      />
      <EmptyContracts />
    </Stack>
  );
}

function EmptyContracts() {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconFileText size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          No contracts yet
        </Title>
        <Text c="dimmed">Create your first contract to get started</Text>
        <Button component={Link} to="/wizard" mt="xs">
          Create First Contract
        </Button>
      </Stack>
    </Paper>
  );
}
