import { Alert, Anchor } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAcknowledgmentMissing } from './use-acknowledgment';

/** On the contracts screen until the acknowledgment is accepted: sending needs it. */
export function AcknowledgmentBanner() {
  if (!useAcknowledgmentMissing()) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconScale aria-hidden />}
      title="One step before you can send contracts"
    >
      Accept the legal acknowledgment once; it takes a minute.{' '}
      <Anchor component={Link} to="/settings/legal">
        Accept it now
      </Anchor>
    </Alert>
  );
}
