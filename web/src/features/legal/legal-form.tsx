import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legalFormSchema } from '@domain/acceptances.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** The box must be ticked (Submit stays disabled until then) and a name typed. */
export function LegalForm(props: { onAccepted?: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { accepted: false, typed_name: '' },
    validate: schemaResolver(legalFormSchema, { sync: true }),
  });
  const accept = useMutation(
    trpc.acceptances.accept.mutationOptions({
      onSuccess: (status) => {
        queryClient.setQueryData(trpc.acceptances.status.queryKey(), status);
        showToast({ title: 'Acknowledgment recorded', message: 'You can now use all features' });
        return props.onAccepted?.();
      },
      onError: (error) =>
        showToast({
          title: 'Could not record the acknowledgment',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        accept.mutate({ type: 'legal_disclaimer', typed_name: values.typed_name }),
      )}
      noValidate
    >
      <Stack>
        <Checkbox
          label="I have read and accept this acknowledgment"
          {...form.getInputProps('accepted', { type: 'checkbox' })}
        />
        <TextInput
          label="Type your full name"
          description="Your typed name is your electronic signature on this acknowledgment"
          autoComplete="name"
          required
          {...form.getInputProps('typed_name')}
        />
        <Button type="submit" disabled={!form.values.accepted} loading={accept.isPending}>
          Submit Acknowledgment
        </Button>
      </Stack>
    </form>
  );
}
