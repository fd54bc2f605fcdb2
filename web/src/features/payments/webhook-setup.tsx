import { Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { STRIPE_EVENT_WORDS, type StripeEventType } from './payments-shared';

/**
 * Where Stripe sends this company's payment events, and the events to pick: the steps in
 * Stripe's dashboard that end with the Signing secret this form asks for next.
 */
export function WebhookSetup(props: { url: string; events: StripeEventType[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="stripe-webhook-heading">
      <Text fw={600} id="stripe-webhook-heading">
        Webhook: how Stripe tells TradeSign a payment arrived
      </Text>
      <List type="ordered" size="sm" spacing={6}>
        <List.Item>
          In Stripe: <strong>Developers → Webhooks → Add endpoint</strong>.
        </List.Item>
        <List.Item>
          Paste this URL:
          <Stack gap={6} mt={4}>
            <Code
              block
              aria-label="Webhook URL"
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            >
              {props.url}
            </Code>
            <Group>
              <CopyButton value={props.url}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-sm"
                    variant={copied ? 'light' : 'default'}
                    onClick={copy}
                    aria-live="polite"
                  >
                    {copied ? 'Copied' : 'Copy URL'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </List.Item>
        <List.Item>
          Pick these events:
          <List size="sm" spacing={4} mt={4} aria-label="Events to pick in Stripe">
            {props.events.map((event) => (
              <List.Item key={event}>
                <Code style={{ wordBreak: 'break-all' }}>{event}</Code>{' '}
                <Text span size="xs" c="dimmed">
                  {STRIPE_EVENT_WORDS[event]}
                </Text>
              </List.Item>
            ))}
          </List>
        </List.Item>
        <List.Item>
          Then paste the endpoint&apos;s <strong>Signing secret</strong> here.
        </List.Item>
      </List>
    </Stack>
  );
}
