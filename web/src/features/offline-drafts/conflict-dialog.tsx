import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Contract } from '@domain/contracts.schemas';

/**
 * A draft this phone changed was also changed elsewhere since this phone last saw it (issue 40).
 * Nothing is merged: the person keeps one or the other. A draft sent meanwhile can no longer
 * change, so only the saved one is offered.
 */
export function ConflictDialog(props: {
  server: Contract | null;
  busy: boolean;
  onKeepMine: () => void;
  onUseSaved: () => void;
}) {
  const { server } = props;
  const sent = server !== null && server.status !== 'draft';
  return (
    <Modal
      opened={server !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={sent ? `Contract #${server.id} was sent` : 'This draft changed on another device'}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {sent
            ? 'It was sent from another device while this phone had changes of its own. A sent contract cannot change, so the changes on this phone cannot be saved.'
            : `Contract #${server?.id ?? ''} was saved somewhere else after this phone last saw it. Keep the version on this phone, or use the one saved in your account. They are not merged.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onUseSaved} disabled={props.busy}>
            {sent ? 'Open the sent contract' : 'Use the saved one'}
          </Button>
          {!sent && (
            <Button onClick={props.onKeepMine} loading={props.busy}>
              Keep mine
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
