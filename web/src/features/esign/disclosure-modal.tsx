import { Button, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type RefObject } from 'react';
import { ESIGN_CONSENT_FULL } from '@domain/esign-consent';

/**
 * The full ESIGN disclosure. Loaded on demand (see consent-section.tsx): Modal and the scroll
 * area it brings are about a quarter of the signing page's own code, and most people never open it.
 */
export function DisclosureModal(props: {
  opened: boolean;
  onClose: () => void;
  /** Where focus goes after closing (Mantine cannot return it when mounted already open). */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const smallScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      returnFocus={false}
      onExitTransitionEnd={() => props.returnFocusTo.current?.focus()}
      title="Consent to Electronic Records and Signatures"
      closeButtonProps={{ 'aria-label': 'Close' }}
      fullScreen={smallScreen}
      size="lg"
    >
      <Stack gap="sm">
        {ESIGN_CONSENT_FULL.map((paragraph) => (
          <Text key={paragraph} size="sm">
            {paragraph}
          </Text>
        ))}
        <Button onClick={props.onClose} mt="sm">
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
