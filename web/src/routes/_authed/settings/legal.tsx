import { createFileRoute } from '@tanstack/react-router';
import { ScreenInProgress } from '../../../components/screen-in-progress';

export const Route = createFileRoute('/_authed/settings/legal')({
  component: LegalPage,
});

function LegalPage() {
  return (
    <ScreenInProgress
      title="Legal Acknowledgment"
      subtitle="Read and accept before sending contracts"
    />
  );
}
