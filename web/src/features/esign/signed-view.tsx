import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ContractFrame } from '../../components/contract-frame';
import { scrollPageToTop } from '../../components/page-scroll';
import type { EsignView } from './esign-api';

/*
 * Built on first use, not when the module loads: a DateTimeFormat with dateStyle and timeStyle
 * takes a slow phone ~15 ms to build, and the signing page loads this module before anyone signs.
 */
let signedAtFormat: Intl.DateTimeFormat | undefined;

function formatSignedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  signedAtFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
  return signedAtFormat.format(date);
}

/**
 * The done state. The link stays readable after signing (docs/decisions/009),
 * so the signed contract is shown below the confirmation.
 */
export function SignedView({ view, token }: { view: EsignView; token: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Right after signing the page was scrolled down to the button: bring the confirmation into
  // view and to screen readers.
  useEffect(() => {
    scrollPageToTop();
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="lg" bg="green.0">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            Contract Signed!
          </Title>
          <Text>
            Thank you for signing the contract. You will receive a copy via email shortly.
          </Text>
          {view.client_signed_at ? (
            <Text size="sm" c="dimmed">
              Signed on {formatSignedAt(view.client_signed_at)}
            </Text>
          ) : null}
          {view.executed_pdf ? (
            <Button
              component="a"
              href={`/api/esign/${encodeURIComponent(token)}/executed.pdf`}
              download
              leftSection={<IconDownload size={18} aria-hidden />}
              mt="xs"
            >
              Download your signed copy (PDF)
            </Button>
          ) : null}
        </Stack>
      </Paper>
      <Stack component="section" gap="sm" aria-label="Signed contract">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {view.company_name ? `${view.company_name} · ` : ''}Contract #{view.id}
        </Title>
        <ContractFrame html={view.template_html} title="Contract" height="70vh" fitContent />
      </Stack>
    </Stack>
  );
}
