import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { optionalId } from '../../../lib/search-params';
import { TemplateEditor, TemplateEditorLoader } from '../../../features/templates/template-editor';
import { PageHeader } from '../../../components/page-header';

export const Route = createFileRoute('/_authed/templates/editor')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => ({
    id: optionalId(search.id),
  }),
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
