import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { updatePrefsInputSchema } from '@domain/prefs.schemas';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CompanyFields, toCompanyValues, type CompanyFormValues } from './company-fields';
import { requiredCompanyFields } from './required-company-fields';
import { showToast } from '../../lib/toast';

/** What the server refuses this form without, marked required. */
const requiredFields = requiredCompanyFields(updatePrefsInputSchema);

export function BrandingForm() {
  const queryClient = useQueryClient();
  const { data: prefs } = useSuspenseQuery(trpc.prefs.get.queryOptions());
  const form = useForm<CompanyFormValues>({
    mode: 'uncontrolled',
    initialValues: toCompanyValues(prefs),
    validate: schemaResolver(updatePrefsInputSchema, { sync: true }),
  });
  const save = useMutation(
    trpc.prefs.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.prefs.get.queryKey(), saved);
        form.resetDirty(toCompanyValues(saved));
        showToast({ title: 'Settings saved', message: 'Your company details are updated' });
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
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
