import { Alert, Stack } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageHeader } from './page-header';

/**
 * The frame of a screen whose feature has not shipped yet: its route exists (spec section 2) and
 * says honestly that the work is not there, rather than showing a fake or empty tool.
 */
export function ScreenInProgress(props: { title: string; subtitle: string }) {
  return (
    <Stack gap="lg">
      <PageHeader title={props.title} subtitle={props.subtitle} />
      <Alert variant="light" icon={<IconTools aria-hidden />} title="Not available yet">
        This part of TradeSign arrives in an upcoming update.
      </Alert>
    </Stack>
  );
}
