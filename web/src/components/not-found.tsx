import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Stack align="center" ta="center" py={60} gap="sm">
      <Text fw={800} size="3rem" c="blue.8" lh={1}>
        404
      </Text>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed" maw={360}>
        The page you are looking for does not exist or has moved.
      </Text>
      <Button component={Link} to="/" mt="sm">
        Go to home
      </Button>
    </Stack>
  );
}
