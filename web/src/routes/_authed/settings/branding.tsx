import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { useCurrentUser } from '../../../features/auth/use-current-user';
import { useLogout } from '../../../features/auth/use-logout';
import { BrandingForm } from '../../../features/prefs/branding-form';
import { LogoUploader } from '../../../features/prefs/logo-uploader';
import { OwnerOnly } from '../../../features/team/owner-only';
import { SettingsNav } from '../../../components/settings-nav';
import { PageHeader } from '../../../components/page-header';

export const Route = createFileRoute('/_authed/settings/branding')({
  component: BrandingPage,
});

function BrandingPage() {
  const { data } = useCurrentUser();
  const logout = useLogout();
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader
        title="Branding"
        subtitle="Your company details as clients see them on contracts"
      />
      <OwnerOnly action="change the company settings and branding">
        <Paper withBorder p="lg">
          <Suspense fallback={<PageLoading />}>
            <Stack gap="lg">
              <LogoUploader />
              <BrandingForm />
            </Stack>
          </Suspense>
        </Paper>
      </OwnerOnly>
      <Paper withBorder p="lg">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              Signed in as
            </Text>
            <Text fw={600} data-testid="account-email">
              {data?.user?.email}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            Log Out
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
