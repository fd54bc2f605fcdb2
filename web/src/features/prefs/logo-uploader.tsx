import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { LOGO_ACCEPTED_TYPES, LOGO_MAX_BYTES } from '@domain/logo';
import type { Prefs } from '@domain/prefs.schemas';
import { HttpError } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** Multipart upload is REST-only: tRPC carries JSON. */
async function uploadLogo(file: File): Promise<Prefs> {
  const body = new FormData();
  body.append('logo', file);
  const answer = await fetch('/api/prefs/logo', { method: 'POST', body, credentials: 'include' });
  if (!answer.ok) throw new HttpError(answer.status, answer.statusText, await answer.text());
  return (await answer.json()) as Prefs;
}

/** Logo upload, change and remove, with its messages. */
export function LogoUploader() {
  const queryClient = useQueryClient();
  const { data: prefs } = useSuspenseQuery(trpc.prefs.get.queryOptions());
  const setPrefs = (saved: Prefs) => queryClient.setQueryData(trpc.prefs.get.queryKey(), saved);

  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: (saved) => {
      setPrefs(saved);
      showToast({ title: 'Logo uploaded successfully', message: 'It appears on your contracts' });
    },
    onError: () => showToast({ title: 'Upload failed', message: 'Please try again', error: true }),
  });
  const remove = useMutation(
    trpc.prefs.update.mutationOptions({
      onSuccess: (saved) => {
        setPrefs(saved);
        showToast({ title: 'Logo removed', message: 'Contracts show your company name instead' });
      },
      onError: () =>
        showToast({ title: 'Failed to remove logo', message: 'Please try again', error: true }),
    }),
  );

  const pick = (file: File | null) => {
    if (!file) return;
    if (!(LOGO_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
      showToast({
        title: 'Invalid file type',
        message: 'Please upload a JPEG or PNG image',
        error: true,
      });
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      showToast({
        title: 'File too large',
        message: 'Please upload an image under 2MB',
        error: true,
      });
      return;
    }
    upload.mutate(file);
  };

  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        Logo
      </Text>
      <Group align="center" wrap="wrap">
        <Paper
          withBorder
          w={96}
          h={96}
          p={4}
          radius="md"
          style={{ display: 'grid', placeItems: 'center' }}
        >
          {prefs.logo_path ? (
            <Image src={prefs.logo_path} alt="Company logo" fit="contain" w="100%" h="100%" />
          ) : (
            <Text size="xs" c="dimmed" ta="center">
              No logo
            </Text>
          )}
        </Paper>
        <Stack gap="xs">
          <Group gap="xs">
            <FileButton onChange={pick} accept="image/png,image/jpeg">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={upload.isPending}
                  leftSection={<IconPhotoUp size={18} aria-hidden />}
                >
                  {prefs.logo_path ? 'Change Logo' : 'Upload Logo'}
                </Button>
              )}
            </FileButton>
            {prefs.logo_path && (
              <Button
                variant="subtle"
                color="red"
                loading={remove.isPending}
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => remove.mutate({ logo_path: null })}
              >
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            PNG or JPEG, up to 2MB. 200×200 px looks best.
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
