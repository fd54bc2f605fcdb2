import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { TemplateEditor, TemplateEditorLoader } from '../../../features/templates/template-editor';
import { PageHeader } from '../../../components/page-header';

export const Route = createFileRoute('/_authed/templates/editor')({
  validateSearch: z.object({ id: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: TemplateEditorPage,
});

function TemplateEditorPage() {
  const { id } = Route.useSearch();
  return (
    <Stack gap="lg">
      <PageHeader
        title={id ? 'Edit Template' : 'New Template'}
        subtitle="Write the contract in HTML; tokens fill in each client's details."
      />
      {id ? <TemplateEditorLoader id={id} /> : <TemplateEditor template={null} />}
    </Stack>
  );
}
