import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLinkOff } from '@tabler/icons-react';

/** The lookup found nothing (unknown, expired or voided token). */
export function InvalidLink() {
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconLinkOff size={30} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          Invalid or Expired Link
        </Title>
        <Text c="dimmed">
          This signature link is no longer valid. Please contact the sender for a new link.
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * The server is busy (429) or failing: the link may well be valid, so say so and offer a retry
 * instead of sending the homeowner back to the contractor for a new link.
 */
export function LoadFailed(props: { onRetry: () => void }) {
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
          <IconAlertTriangle size={30} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          Could Not Load the Contract
        </Title>
        <Text c="dimmed">
          We could not load your contract right now. Please try again in a minute.
        </Text>
        <Button variant="light" onClick={props.onRetry}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
