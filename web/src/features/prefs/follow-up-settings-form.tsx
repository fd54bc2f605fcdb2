import { Button, Divider, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { FOLLOW_UP_MAILS_PER_DAY } from '@domain/client-mail-budget';
import {
  CLIENT_EMAILS_PER_DAY_MAX,
  clientEmailsPerDayField,
  followUpSettingsSchema,
  type FollowUpSettings,
  type Prefs,
} from '@domain/prefs.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { followUpSummary } from './follow-up-summary';

/** The reminders' schedule and the account's daily limit on emails to clients (issue 33). */
const settingsSchema = followUpSettingsSchema.extend({
  client_emails_per_day: clientEmailsPerDayField,
});
type Settings = FollowUpSettings & Pick<Prefs, 'client_emails_per_day'>;

/** While typing, a number field may be empty (''); the schema says what is wrong with it. */
type FollowUpValues = {
  [K in keyof Settings]: Settings[K] extends number ? number | string : Settings[K];
};

const toValues = (prefs: Settings): FollowUpValues => ({
  viewed_alerts_enabled: prefs.viewed_alerts_enabled,
  reminders_enabled: prefs.reminders_enabled,
  reminder_first_days: prefs.reminder_first_days,
  reminder_every_days: prefs.reminder_every_days,
  reminder_max: prefs.reminder_max,
  client_emails_per_day: prefs.client_emails_per_day,
});

const validateAll = schemaResolver(settingsSchema, { sync: true });
const validateLimit = schemaResolver(settingsSchema.pick({ client_emails_per_day: true }), {
  sync: true,
});

const numberProps = {
  allowDecimal: false,
  allowNegative: false,
  clampBehavior: 'none',
  inputMode: 'numeric',
} as const;

/** The alert on a client's first opening and the automatic reminders' schedule. */
export function FollowUpSettingsForm() {
  const queryClient = useQueryClient();
  const { data: prefs } = useSuspenseQuery(trpc.prefs.get.queryOptions());
  const form = useForm<FollowUpValues>({
    mode: 'controlled',
    initialValues: toValues(prefs),
    // With reminders off their schedule is greyed out and not saved, so a half-typed number
    // there cannot block saving the switches; the limit on client emails is saved either way.
    validate: (values) => (values.reminders_enabled ? validateAll(values) : validateLimit(values)),
  });
  const save = useMutation(
    trpc.prefs.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.prefs.get.queryKey(), saved);
        form.setValues(toValues(saved));
        form.resetDirty(toValues(saved));
        showToast({ title: 'Settings saved', message: 'Your reminders and alerts are updated' });
      },
      onError: (error) =>
        showToast({
          title: 'Failed to save',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  const off = !form.values.reminders_enabled;
  const summary = followUpSummary(form.values);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          values.reminders_enabled
            ? settingsSchema.parse(values)
            : {
                viewed_alerts_enabled: values.viewed_alerts_enabled,
                reminders_enabled: false,
                ...settingsSchema.pick({ client_emails_per_day: true }).parse(values),
              },
        ),
      )}
    >
      <Stack>
        <Switch
          label="Email me when a client first opens a contract"
          {...form.getInputProps('viewed_alerts_enabled', { type: 'checkbox' })}
        />
        <Switch
          label="Send automatic reminders"
          description="Each reminder emails the client a signing link again"
          {...form.getInputProps('reminders_enabled', { type: 'checkbox' })}
        />
        <NumberInput
          label="First reminder after (days)"
          min={1}
          max={30}
          disabled={off}
          {...numberProps}
          {...form.getInputProps('reminder_first_days')}
        />
        <NumberInput
          label="Then every (days)"
          min={1}
          max={30}
          disabled={off}
          {...numberProps}
          {...form.getInputProps('reminder_every_days')}
        />
        <NumberInput
          label="At most (reminders)"
          min={0}
          max={10}
          disabled={off}
          {...numberProps}
          {...form.getInputProps('reminder_max')}
        />
        {summary && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {summary}
          </Text>
        )}
        <Divider />
        <NumberInput
          label="Emails to clients per day, at most"
          description={`All your contracts together, in any 24 hours: new contracts, reminders, new links, withdrawals and signed copies. From 1 to ${CLIENT_EMAILS_PER_DAY_MAX.toLocaleString('en-US')}; each client also gets at most one reminder or new link an hour and ${FOLLOW_UP_MAILS_PER_DAY} a day.`}
          min={1}
          max={CLIENT_EMAILS_PER_DAY_MAX}
          {...numberProps}
          {...form.getInputProps('client_emails_per_day')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
