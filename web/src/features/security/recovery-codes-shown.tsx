import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';

/** The codes as a file: what they are for, then one a line. */
function codesFile(email: string, codes: readonly string[]): string {
  return [
    `TradeSign recovery codes for ${email}`,
    `Made ${new Date().toLocaleString()}`,
    '',
    'Each code signs you in once, in place of a code from your authenticator app.',
    'Keep them somewhere safe, apart from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Recovery codes, shown once, right after they are made: to copy or download as a .txt, and a
 * button to put them away. They leave the page with the next reload.
 */
export function RecoveryCodesShown(props: {
  email: string;
  codes: readonly string[];
  onDone: () => void;
}) {
  const text = codesFile(props.email, props.codes);
  return (
    <Alert color="green" title="Save your recovery codes" role="status">
      <Stack gap="sm">
        <Text size="sm">
          This is the only time they are shown. Each one signs you in once if you lose your phone.
          Keep them somewhere safe, apart from your phone.
        </Text>
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing="xs"
          verticalSpacing={4}
          component="ol"
          aria-label="Recovery codes"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {props.codes.map((code) => (
            <Text
              key={code}
              component="li"
              ff="monospace"
              size="sm"
              style={{ whiteSpace: 'nowrap' }}
            >
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button size="compact-md" onClick={copy} variant={copied ? 'light' : 'filled'}>
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
          <Button
            size="compact-md"
            variant="default"
            onClick={() => download('tradesign-recovery-codes.txt', text)}
          >
            Download .txt
          </Button>
          <Button size="compact-md" variant="default" onClick={props.onDone}>
            I have saved them
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
