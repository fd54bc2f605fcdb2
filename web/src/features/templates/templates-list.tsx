import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconStar } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { STANDARD_CONTRACT_KEY, type TemplateSummary } from '@domain/templates.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ButtonLink } from '../../components/button-link';
import { AddStandardContract } from './add-standard-contract';
import { DeleteTemplateButton } from './delete-template-button';
import { PageHeader } from '../../components/page-header';

/** Templates list. */
export function TemplatesList() {
  const templates = useQuery(trpc.templates.list.queryOptions());
  return (
    <Stack gap="lg">
      <PageHeader
        title="Templates"
        subtitle="The contract your clients read and sign"
        action={
          <Button
            component={Link}
            to="/templates/editor"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            New Template
          </Button>
        }
      />
      {templates.isPending && <Skeleton height={96} radius="md" />}
      {templates.isError && (
        <Text c="red">Templates could not be loaded: {errorMessage(templates.error, '')}</Text>
      )}
      {templates.data?.length === 0 && (
        <Card withBorder p="xl" ta="center">
          <Text fw={600}>No templates yet</Text>
          <Text c="dimmed" size="sm">
            Create one to shape the contracts you send.
          </Text>
        </Card>
      )}
      {templates.data?.map((template) => (
        <TemplateCard key={template.id} template={template} />
      ))}
      {templates.data &&
        !templates.data.some((template) => template.preset_key === STANDARD_CONTRACT_KEY) && (
          <AddStandardContract />
        )}
    </Stack>
  );
}

function TemplateCard({ template }: { template: TemplateSummary }) {
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries(trpc.templates.pathFilter());
  const setDefault = useMutation(
    trpc.templates.setDefault.mutationOptions({
      onSuccess: async () => {
        await refreshList();
        showToast({ title: 'Default template updated', message: template.name });
      },
      onError: (error) =>
        showToast({
          title: 'Could not set the default',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  const remove = useMutation(
    trpc.templates.delete.mutationOptions({
      onSuccess: async () => {
        await refreshList();
        showToast({ title: 'Template deleted', message: template.name });
      },
      onError: (error) =>
        showToast({
          title: 'Could not delete the template',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );

  return (
    <Card withBorder padding="md" component="article" aria-label={template.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Text>
          <Group gap="xs" mt={4}>
            {template.is_preset && <Badge variant="light">Default</Badge>}
            <Text size="sm" c="dimmed">
              Version {template.version}
            </Text>
          </Group>
        </div>
      </Group>
      <Group gap="xs" mt="sm">
        <ButtonLink
          to="/templates/editor"
          search={{ id: template.id }}
          variant="light"
          size="compact-sm"
          leftSection={<IconEdit size={16} aria-hidden />}
          aria-label={`Edit ${template.name}`}
        >
          Edit
        </ButtonLink>
        {!template.is_preset && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconStar size={16} aria-hidden />}
            loading={setDefault.isPending}
            onClick={() => setDefault.mutate({ id: template.id })}
            aria-label={`Set ${template.name} as default`}
          >
            Set as default
          </Button>
        )}
        {!template.is_preset && (
          <DeleteTemplateButton
            templateName={template.name}
            deleting={remove.isPending}
            onConfirm={() => remove.mutate({ id: template.id })}
          />
        )}
      </Group>
      {template.is_preset && (
        <Text size="xs" c="dimmed" mt="xs">
          The default can’t be deleted: your contracts are sent with it. Make another template the
          default first.
        </Text>
      )}
    </Card>
  );
}
