import { Alert } from '@mantine/core';
import { errorMessage } from '../../lib/errors';

/** Shown where one contract should open (its page, the wizard) and the call failed. */
export function ContractLoadError({ error }: { error: unknown }) {
  return (
    <Alert color="red" title="This contract could not be opened">
      {errorMessage(error, 'Please try again')}
    </Alert>
  );
}
