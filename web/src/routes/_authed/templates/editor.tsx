import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { TemplateEditor, TemplateEditorLoader } from '../../../features/templates/template-editor';

export const Route = createFileRoute('/_authed/templates/editor')({
  validateSearch: z.object({ id: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: TemplateEditorPage,
});

function TemplateEditorPage() {
  const { id } = Route.useSearch();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {id ? 'Edit Template' : 'New Template'}
        </Title>
        <Text c="dimmed">
          Write the contract in HTML; tokens fill in each client&apos;s details.
        </Text>
      </div>
      {id ? <TemplateEditorLoader id={id} /> : <TemplateEditor template={null} />}
    </Stack>
  );
}
