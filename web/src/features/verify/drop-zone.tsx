import { Box, Button, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';

const hasFiles = (event: { dataTransfer: DataTransfer | null }) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A large dashed box that takes a dropped file, with a real 'Choose PDF' button for keyboards and
 * phones. The box's text is a label for the hidden file input, so a click on it opens the picker.
 */
export function DropZone(props: { onFile: (file: File) => void }) {
  const { onFile } = props;
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  useNoDropNavigation();

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving onto a child fires dragleave on the box too: only leaving the box itself counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <Box
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      p={{ base: 'md', sm: 'xl' }}
      style={{
        border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-5'})`,
        borderRadius: 'var(--mantine-radius-md)',
        background: `var(--mantine-color-${dragging ? 'blue-0' : 'gray-0'})`,
        transition: 'background 120ms, border-color 120ms',
      }}
    >
      <Stack align="center" gap="sm" ta="center">
        <Box
          component="label"
          htmlFor={inputId}
          py="md"
          w="100%"
          style={{ cursor: 'pointer', display: 'block' }}
        >
          <Stack align="center" gap={6}>
            <IconFileTypePdf
              size={48}
              stroke={1.5}
              color="var(--mantine-color-blue-8)"
              aria-hidden
            />
            <Text fw={600} size="lg">
              Drop the contract PDF here
            </Text>
            <Text size="sm" c="dimmed" id={hintId}>
              or choose it from this device
            </Text>
          </Stack>
        </Box>
        <Button size="md" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
          Choose PDF
        </Button>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // Cleared so choosing the same file again is a new check.
            event.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
      </Stack>
    </Box>
  );
}

/** A file dropped just beside the box must not make the browser leave the page to open it. */
function useNoDropNavigation() {
  useEffect(() => {
    const block = (event: globalThis.DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', block);
    window.addEventListener('drop', block);
    return () => {
      window.removeEventListener('dragover', block);
      window.removeEventListener('drop', block);
    };
  }, []);
}
