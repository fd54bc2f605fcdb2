import { Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PageHeader } from '../../components/page-header';
import { DropZone } from './drop-zone';
import { useVerifyFile } from './use-verify-file';
import { VerifyResultView } from './verify-result';

/**
 * Public page /verify (issue 7 item 5): anyone holding a PDF can check that it is the sealed
 * executed copy of a completed contract. The file is hashed here; only the fingerprint is sent.
 */
export function VerifyPage() {
  const { state, checkFile, retry } = useVerifyFile();
  useTitle('Verify a Contract · TradeSign');

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <PageHeader
        title="Verify a Contract"
        subtitle="Check that a PDF is the genuine, unaltered executed copy"
      />
      <DropZone onFile={(file) => void checkFile(file)} />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          Your file never leaves this device: only its SHA-256 fingerprint is sent.
        </Text>
      </Group>
      {/* Always in the page, so screen readers announce each new result. */}
      <div role="status" aria-live="polite">
        <VerifyResultView state={state} onRetry={() => void retry()} />
      </div>
    </Stack>
  );
}

function useTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
