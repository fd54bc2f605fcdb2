import { Button, Code, CopyButton, Group, Image, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { groupSecret, type TwoFactorSetup } from '@domain/two-factor.schemas';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CodeField } from './code-field';
import { codeProblem } from './code-rules';

/**
 * Turning two-step sign-in on: the key as a QR code (made by our server, never by another
 * service) and as text to type by hand, then one code from the app to prove it was added.
 */
export function TwoStepSetup(props: {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { secret, qr_svg } = props.setup;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: { code: (value) => codeProblem('code', value) },
  });
  const enable = useMutation(
    trpc.auth.twoFactor.enable.mutationOptions({
      onSuccess: (answer) => props.onEnabled(answer.recovery_codes),
      onError: (error) => form.setFieldError('code', errorMessage(error, 'Please try again')),
    }),
  );
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text fw={600}>1. Add TradeSign to your authenticator app</Text>
        <Text size="sm">
          Scan this QR code with an app such as Google Authenticator, Microsoft Authenticator,
          1Password or Authy.
        </Text>
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr_svg)}`}
          alt="QR code to scan with your authenticator app"
          w={200}
          h={200}
          bg="white"
        />
        <Text size="sm">Can’t scan it? Add an account by hand and type this key:</Text>
        <Group gap="xs" align="center">
          <Code
            fz="md"
            aria-label="Key to type by hand"
            style={{ wordBreak: 'break-word', whiteSpace: 'normal' }}
          >
            {groupSecret(secret)}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant={copied ? 'light' : 'default'} onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form noValidate onSubmit={form.onSubmit((values) => enable.mutate(values))}>
        <Stack gap="sm">
          <Text fw={600}>2. Enter the code the app shows</Text>
          <CodeField kind="code" key={form.key('code')} {...form.getInputProps('code')} />
          <Group gap="xs">
            <Button type="submit" loading={enable.isPending}>
              Turn on
            </Button>
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
