import { Badge, Group, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { PaymentSettingsForm } from './payment-settings-form';
import type { PaymentSettings } from './payments-shared';

/** Settings → Payments (issue 36): where the company's Stripe stands, then the form. */
export function PaymentsPanel() {
  const { data: settings } = useSuspenseQuery(trpc.payments.settings.queryOptions());
  return (
    <Stack gap="lg">
      <ConnectionStatus settings={settings} />
      <PaymentSettingsForm settings={settings} />
    </Stack>
  );
}

function ConnectionStatus({ settings }: { settings: PaymentSettings }) {
  const [badge, color, line] = settings.connected
    ? [
        'Connected',
        'green',
        settings.account_name
          ? `Stripe account: ${settings.account_name}. Clients can pay a deposit when they sign.`
          : 'Both secrets are saved. Test the connection to see the account.',
      ]
    : settings.stripe_secret_key || settings.stripe_webhook_secret
      ? [
          'Not connected',
          'yellow',
          `Save the ${settings.stripe_secret_key ? 'webhook signing secret' : 'secret key'} too to take payments online.`,
        ]
      : [
          'Not connected',
          'gray',
          'Connect your own Stripe account: clients pay you directly, never through TradeSign.',
        ];
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" role="status" aria-label="Stripe connection">
      <Badge color={color} variant="light" style={{ flexShrink: 0 }}>
        {badge}
      </Badge>
      <Text size="sm">{line}</Text>
    </Group>
  );
}
