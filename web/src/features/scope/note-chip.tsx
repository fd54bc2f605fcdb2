import { CloseButton, Group, Text } from '@mantine/core';
import classes from './scope-capture.module.css';

/** One captured note; its remove button is a real, focusable, labelled button. */
export function NoteChip(props: { text: string; onRemove: () => void }) {
  return (
    <Group gap={4} wrap="nowrap" className={classes.chip} role="listitem">
      <Text size="sm" className={classes.chipLabel}>
        {props.text}
      </Text>
      <CloseButton size="sm" aria-label={`Remove note: ${props.text}`} onClick={props.onRemove} />
    </Group>
  );
}
