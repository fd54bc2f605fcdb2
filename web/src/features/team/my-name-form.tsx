import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { currentUserQuery } from '../auth/use-current-user';
import { useTeamRefresh } from './team-shared';

const myNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter your name, as your team will see it')
    .max(80, 'Name is too long (80 characters at most)'),
});

/** Your own name, as the team and the contract cards show it ("Sent by Sam Diaz"). */
export function MyNameForm({ name }: { name: string | null }) {
  const queryClient = useQueryClient();
  const refreshTeam = useTeamRefresh();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: name ?? '' },
    validate: schemaResolver(myNameSchema, { sync: true }),
  });
  const save = useMutation(
    trpc.team.setMyName.mutationOptions({
      onSuccess: (saved) => {
        showToast({ title: 'Name saved', message: `Your team sees you as ${saved.name}` });
        form.resetDirty({ name: saved.name });
        void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
        void refreshTeam();
      },
      onError: (error) =>
        showToast({
          title: 'Name not saved',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your name
        </Title>
        <TextInput
          label="Name"
          description="Shown to your team and on the contracts you send"
          autoComplete="name"
          {...form.getInputProps('name')}
        />
        <Group>
          <Button type="submit" variant="light" loading={save.isPending}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
