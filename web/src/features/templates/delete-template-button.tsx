import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';

/** Delete with the spec's confirmation question. */
export function DeleteTemplateButton(props: {
  templateName: string;
  deleting: boolean;
  onConfirm: () => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={open}
        aria-label={`Delete ${props.templateName}`}
      >
        Delete
      </Button>
      <Modal opened={opened} onClose={close} title="Delete template" centered>
        <Text>Are you sure you want to delete this template?</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {props.templateName}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={props.deleting}
            onClick={() => {
              close();
              props.onConfirm();
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
