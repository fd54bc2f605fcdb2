import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  createWebhookInputSchema,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookInput,
} from '@domain/webhooks.schemas';
import { WEBHOOK_EVENT_LABELS } from './webhook-events';

/** The address of a receiver and the events it wants. Every event is ticked to begin with. */
export function WebhookForm(props: {
  saving: boolean;
  onSave: (input: CreateWebhookInput, done: () => void) => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { url: '', events: [...WEBHOOK_EVENT_TYPES] as string[] },
    validate: schemaResolver(createWebhookInputSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        props.onSave(createWebhookInputSchema.parse(values), () => form.reset()),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          description="Where your tool receives events: a public https:// address"
          placeholder="https://hooks.example.com/tradesign"
          type="url"
          inputMode="url"
          maxLength={2000}
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label="Events to send" {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={WEBHOOK_EVENT_LABELS[type]}
                description={type}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={props.saving}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
