import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { ScopeCapture, type ScopeState } from '../../features/scope/scope-capture';

export const Route = createFileRoute('/_authed/wizard')({
  component: WizardPage,
});

function WizardPage() {
  const [scope, setScope] = useState<ScopeState>({ snippets: [], cleaned: null, engine: null });
  return (
    <Stack gap="lg">
      <PageHeader title="New Contract" subtitle="Step 1 of 5 · Scope: Record project details" />
      <ScopeCapture value={scope} onChange={setScope} />
    </Stack>
  );
}
