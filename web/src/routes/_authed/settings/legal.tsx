import { Alert, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { LEGAL_DISCLAIMER } from '@domain/legal-disclaimer';
import { PageLoading } from '../../../components/page-loading';
import { LegalForm } from '../../../features/legal/legal-form';
import { trpc } from '../../../lib/trpc';
import { SettingsNav } from '../../../components/settings-nav';
import { PageHeader } from '../../../components/page-header';

export const Route = createFileRoute('/_authed/settings/legal')({
  component: LegalPage,
});

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

function LegalPage() {
  const status = useQuery(trpc.acceptances.status.queryOptions());
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader
        title="Legal Acknowledgment"
        subtitle="Required once before you send contracts for signature"
      />
      <Paper withBorder p="lg" component="section" aria-labelledby="disclaimer-title">
        <Title order={2} size="h4" id="disclaimer-title" mb="sm">
          {LEGAL_DISCLAIMER.title}
        </Title>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Stack gap="sm">
            {LEGAL_DISCLAIMER.paragraphs.map((paragraph) => (
              <Text key={paragraph.slice(0, 40)} size="sm">
                {paragraph}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Paper>
      {status.isPending && <PageLoading />}
      {status.data?.accepted ? (
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Acknowledgment Complete">
          Accepted by {status.data.typed_name}
          {status.data.accepted_at && ` on ${longDate.format(new Date(status.data.accepted_at))}`}.
        </Alert>
      ) : (
        status.data && (
          <Paper withBorder p="lg">
            <LegalForm />
          </Paper>
        )
      )}
    </Stack>
  );
}
