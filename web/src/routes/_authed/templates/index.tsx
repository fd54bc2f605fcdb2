import { createFileRoute } from '@tanstack/react-router';
import { ScreenInProgress } from '../../../components/screen-in-progress';

export const Route = createFileRoute('/_authed/templates/')({
  component: TemplatesPage,
});

function TemplatesPage() {
  return <ScreenInProgress title="Templates" subtitle="Your contract templates" />;
}
