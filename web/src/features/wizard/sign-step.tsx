import { Alert, Stack } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { SignatureField } from '../../components/signature-pad/signature-field';

/** Step 5 (spec sections 2 and 9): the contractor signs; the client gets a secure link. */
export function SignStep(props: {
  signature: string | null;
  onChange: (signature: string | null) => void;
}) {
  return (
    <Stack>
      <SignatureField
        label="Your Signature"
        hint="Sign here"
        value={props.signature}
        onChange={props.onChange}
      />
      <Alert variant="light" icon={<IconMail aria-hidden />}>
        Your client will receive an email with a secure link to review and sign the contract.
      </Alert>
    </Stack>
  );
}
