import { createFileRoute } from '@tanstack/react-router';
import { ScreenInProgress } from '../../../components/screen-in-progress';

export const Route = createFileRoute('/_authed/templates/editor')({
  component: TemplateEditorPage,
});

function TemplateEditorPage() {
  return (
    <ScreenInProgress title="Template Editor" subtitle="Write the HTML of a contract template" />
  );
}
