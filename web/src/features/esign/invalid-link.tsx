import { Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconLinkOff } from '@tabler/icons-react';
import { StatusNotice } from './status-notice';

/** The lookup found nothing: an unknown token (a closed contract's link is a ClosedView). */
export function InvalidLink() {
  return (
    <StatusNotice icon={<IconLinkOff size={30} />} color="red" title="Invalid or Expired Link">
      <Text c="dimmed">
        This signature link is no longer valid. Please contact the sender for a new link.
      </Text>
    </StatusNotice>
  );
}

/**
 * The server is busy (429) or failing: the link may well be valid, so say so and offer a retry
 * instead of sending the homeowner back to the contractor for a new link.
 */
export function LoadFailed(props: { onRetry: () => void }) {
  return (
    <StatusNotice
      icon={<IconAlertTriangle size={30} />}
      color="yellow"
      title="Could Not Load the Contract"
    >
      <Text c="dimmed">
        We could not load your contract right now. Please try again in a minute.
      </Text>
      <Button variant="light" onClick={props.onRetry}>
        Try again
      </Button>
    </StatusNotice>
  );
}
