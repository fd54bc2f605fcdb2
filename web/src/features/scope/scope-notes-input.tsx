import { Button, Group, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

/** Typed notes: Add is disabled when blank; Enter adds, Shift+Enter does not. */
export function ScopeNotesInput({ onAdd }: { onAdd: (note: string) => void }) {
  const [draft, setDraft] = useState('');
  const blank = draft.trim() === '';
  const add = () => {
    if (blank) return;
    onAdd(draft.trim());
    setDraft('');
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Textarea
        label="Or type your notes manually"
        placeholder="e.g., Install irrigation system"
        autosize
        minRows={1}
        maxRows={5}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            add();
          }
        }}
        style={{ flex: 1 }}
      />
      <Button onClick={add} disabled={blank} leftSection={<IconPlus size={16} aria-hidden />}>
        Add
      </Button>
    </Group>
  );
}
