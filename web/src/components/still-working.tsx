import { Text } from '@mantine/core';
import { CONTRACTOR_FAILURE_WORDS } from '../lib/failure-words';
import { useStillWorking } from '../lib/use-still-working';

/**
 * "Still working…" under a button whose call has waited a second. The live region is always in
 * the page, so a screen reader announces the words when they appear.
 */
export function StillWorking({ pending }: { pending: boolean }) {
  const late = useStillWorking(pending);
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite" data-still-working>
      {late ? CONTRACTOR_FAILURE_WORDS.stillWorking : null}
    </Text>
  );
}
