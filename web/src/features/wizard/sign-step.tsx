import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMail, IconScale } from '@tabler/icons-react';
import { useAcknowledgmentMissing } from '../legal/use-acknowledgment';
import { SignatureField } from '../../components/signature-pad/signature-field';
import { VerifyEmailNotice } from '../account-email/verify-email-notice';

/** Step 5: the contractor signs; the client gets a secure link. */
export function SignStep(props: {
  /** "Signers: Dana Smith, Alex Smith (in this order)" (issue 37). */
  signers: string | null;
  /** Who gets a link, and when. */
  links: string;
  signature: string | null;
  onChange: (signature: string | null) => void;
  /** Opens the legal acknowledgment, keeping this contract to come back to. */
  onAcceptLegal: () => void;
}) {
  const acknowledgmentMissing = useAcknowledgmentMissing();
  return (
    <Stack>
      <VerifyEmailNotice />
      {acknowledgmentMissing && (
        <Alert
          color="yellow"
          icon={<IconScale aria-hidden />}
          title="Accept the legal acknowledgment first"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Sending a contract needs the legal acknowledgment, once. This contract is kept while
              you do it, on this step.
            </Text>
            <Button size="xs" variant="white" color="yellow.9" onClick={props.onAcceptLegal}>
              Accept the acknowledgment
            </Button>
          </Stack>
        </Alert>
      )}
      <SignatureField
        label="Your Signature"
        hint="Sign here"
        value={props.signature}
        onChange={props.onChange}
      />
      <Alert variant="light" icon={<IconMail aria-hidden />}>
        {props.signers && (
          <Text size="sm" fw={600} mb={4} style={{ overflowWrap: 'anywhere' }}>
            {props.signers}
          </Text>
        )}
        {props.links}
      </Alert>
    </Stack>
  );
}
