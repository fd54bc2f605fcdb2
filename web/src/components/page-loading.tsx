import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while we find out who is signed in (a Loading message). */
export function PageLoading() {
  return (
    <Center py={80}>
      <Stack align="center" gap="xs" role="status">
        <Loader size="md" />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
