import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { onboardingInputSchema } from '@domain/prefs.schemas';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CompanyFields, toCompanyValues, type CompanyFormValues } from './company-fields';
import { requiredCompanyFields } from './required-company-fields';
import { browserTimeZone } from './time-zones';
import { showToast } from '../../lib/toast';

/** What the server refuses this form without, marked required. */
const requiredFields = requiredCompanyFields(onboardingInputSchema);

export function OnboardingForm({
  accountEmail,
  onSaved,
}: {
  accountEmail: string;
  onSaved: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const { data: prefs } = useSuspenseQuery(trpc.prefs.get.queryOptions());
  const form = useForm<CompanyFormValues>({
    mode: 'uncontrolled',
    // The sign-in email is the likeliest business email; the contractor can change it.
    initialValues: {
      ...toCompanyValues(prefs),
      company_email: prefs.company_email ?? accountEmail,
      // The browser's zone is the likeliest company clock; shown, and the contractor can change it.
      time_zone: prefs.time_zone ?? browserTimeZone() ?? '',
    },
    validate: schemaResolver(onboardingInputSchema, { sync: true }),
  });
  const save = useMutation(
    trpc.prefs.completeOnboarding.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.prefs.get.queryKey(), saved);
        showToast({ title: 'Settings saved', message: 'You are ready to write contracts' });
        await onSaved();
      },
      onError: (error) => {
        showToast({
          title: 'Failed to save',
          message: errorMessage(error, 'Please try again'),
          error: true,
        });
      },
    }),
  );

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <CompanyFields form={form} required={requiredFields} />
        <Button type="submit" size="md" loading={save.isPending}>
          Complete Setup
        </Button>
      </Stack>
    </form>
  );
}
