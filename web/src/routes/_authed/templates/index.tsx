import { createFileRoute } from '@tanstack/react-router';
import { TemplatesList } from '../../../features/templates/templates-list';

export const Route = createFileRoute('/_authed/templates/')({
  component: TemplatesList,
});
