import { Button, Checkbox, Divider, Group, Stack, Switch } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  methodsSchema,
  secretKeySchema,
  webhookSecretSchema,
  type PaymentSettingsInput,
} from '@domain/payment-settings.schemas';
import type { OnlinePaymentMethod } from '@domain/payments';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ConnectionTest } from './connection-test';
import { DisconnectStripe } from './disconnect-stripe';
import {
  fieldOfRefusal,
  METHOD_CHOICES,
  useSettingsAnswer,
  type PaymentSettings,
} from './payments-shared';
import { SecretField } from './secret-field';
import { WebhookSetup } from './webhook-setup';

/** The server's own rules, field by field; an empty secret here means "keep the saved one". */
const formSchema = z.object({
  stripe_secret_key: secretKeySchema,
  stripe_webhook_secret: webhookSecretSchema,
  methods: methodsSchema,
  receipt_alerts_enabled: z.boolean(),
});
type FormValues = {
  stripe_secret_key: string;
  stripe_webhook_secret: string;
  methods: OnlinePaymentMethod[];
  receipt_alerts_enabled: boolean;
};

const valuesOf = (settings: PaymentSettings): FormValues => ({
  stripe_secret_key: '',
  stripe_webhook_secret: '',
  methods: settings.methods,
  receipt_alerts_enabled: settings.receipt_alerts_enabled,
});

/** What Save sends: the secrets only when typed (a blank field keeps the saved one). */
function inputOf(values: FormValues): PaymentSettingsInput {
  const parsed = formSchema.parse(values);
  return {
    methods: parsed.methods,
    receipt_alerts_enabled: parsed.receipt_alerts_enabled,
    ...(parsed.stripe_secret_key ? { stripe_secret_key: parsed.stripe_secret_key } : {}),
    ...(parsed.stripe_webhook_secret
      ? { stripe_webhook_secret: parsed.stripe_webhook_secret }
      : {}),
  };
}

/**
 * Settings → Payments for an owner: the company's Stripe keys (saved ones masked), the webhook
 * to set up in Stripe, the methods clients may pay with, and the "Payment received" mail. A
 * refused save keeps everything typed and says under the field what is wrong.
 */
export function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const putAnswer = useSettingsAnswer();
  const [replacing, setReplacing] = useState({ key: false, secret: false });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const save = useMutation(
    trpc.payments.updateSettings.mutationOptions({
      onSuccess: (saved) => {
        putAnswer(saved);
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        setReplacing({ key: false, secret: false });
        showToast({
          title: 'Payment settings saved',
          message: saved.connected
            ? 'Test the connection to check the key'
            : 'Stripe is connected once both the key and the signing secret are saved',
        });
      },
      onError: (error) => {
        const message = errorMessage(error, 'Please try again');
        const refusal = fieldOfRefusal(message);
        if (refusal) form.setFieldError(refusal.field, refusal.message);
        showToast({ title: 'Payment settings not saved', message, error: true });
      },
    }),
  );
  const keepSaved = (which: 'key' | 'secret', field: keyof FormValues) => (open: boolean) => {
    setReplacing((now) => ({ ...now, [which]: open }));
    if (!open) {
      form.setFieldValue(field, '');
      form.clearFieldError(field);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(inputOf(values)))}>
      <Stack gap="lg">
        <SecretField
          label="Secret key"
          description="In Stripe: Developers → API keys. The secret key (sk_…), or a restricted key (rk_…) with Read on Account and Write on Checkout Sessions."
          placeholder="sk_live_…"
          saved={settings.stripe_secret_key}
          replacing={replacing.key}
          onReplacingChange={keepSaved('key', 'stripe_secret_key')}
          inputProps={form.getInputProps('stripe_secret_key')}
        />
        <WebhookSetup url={settings.webhook_url} events={settings.webhook_events} />
        <SecretField
          label="Webhook signing secret"
          description="Shown in Stripe on the endpoint you added, under Signing secret (whsec_…)."
          placeholder="whsec_…"
          saved={settings.stripe_webhook_secret}
          replacing={replacing.secret}
          onReplacingChange={keepSaved('secret', 'stripe_webhook_secret')}
          inputProps={form.getInputProps('stripe_webhook_secret')}
        />
        <Divider />
        <Checkbox.Group
          label="How clients may pay online"
          {...form.getInputProps('methods')}
          onChange={(value) => form.setFieldValue('methods', value as OnlinePaymentMethod[])}
        >
          <Stack gap="xs" mt="xs">
            {METHOD_CHOICES.map((choice) => (
              <Checkbox
                key={choice.value}
                value={choice.value}
                label={choice.label}
                description={choice.description}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label="Email me when a payment arrives"
          {...form.getInputProps('receipt_alerts_enabled', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
        <Divider />
        <ConnectionTest
          settings={settings}
          unsavedKey={form.values.stripe_secret_key.trim() !== ''}
        />
        {(settings.stripe_secret_key !== null || settings.stripe_webhook_secret !== null) && (
          <DisconnectStripe
            onDisconnected={(saved) => {
              putAnswer(saved);
              setReplacing({ key: false, secret: false });
              form.setValues({ stripe_secret_key: '', stripe_webhook_secret: '' });
            }}
          />
        )}
      </Stack>
    </form>
  );
}
