import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header';
import { SettingsSections } from './-components/settings-sections';

export const Route = createFileRoute('/_authed/settings/')({
  component: SettingsIndexPage,
});

/** /settings: where each setting lives, so the address a contractor guesses leads somewhere. */
function SettingsIndexPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Settings"
        subtitle="Your company, the legal acknowledgment, follow-ups, connected tools and security"
      />
      <SettingsSections />
    </Stack>
  );
}
