import { Button, Code, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ComponentProps } from 'react';

/**
 * A Stripe secret as Settings → Payments shows it: the saved one masked, with Replace; a password
 * input when there is none yet or it is being replaced. The secret never comes back from the
 * server, so what is typed is the only copy on this page.
 */
export function SecretField(props: {
  label: string;
  description: string;
  placeholder: string;
  /** The saved secret, masked ("sk_test_…4242"), or null. */
  saved: string | null;
  replacing: boolean;
  onReplacingChange: (replacing: boolean) => void;
  inputProps: Pick<ComponentProps<typeof PasswordInput>, 'value' | 'onChange' | 'error'> & {
    onFocus?: () => void;
    onBlur?: () => void;
  };
}) {
  const input = useRef<HTMLInputElement>(null);
  const showInput = props.saved === null || props.replacing;
  // Replace moves the focus to the field it opens, so a keyboard user types on at once.
  const focusNext = useRef(false);
  useEffect(() => {
    if (showInput && focusNext.current) input.current?.focus();
    focusNext.current = false;
  }, [showInput]);

  if (!showInput) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {props.label}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Code aria-label={`Saved ${props.label.toLowerCase()}`}>{props.saved}</Code>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Replace the ${props.label.toLowerCase()}`}
            onClick={() => {
              focusNext.current = true;
              props.onReplacingChange(true);
            }}
          >
            Replace
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <PasswordInput
        ref={input}
        label={props.label}
        description={props.description}
        placeholder={props.placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={300}
        {...props.inputProps}
      />
      {props.saved !== null && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Saved now: <Code>{props.saved}</Code>
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => props.onReplacingChange(false)}>
            Keep the saved one
          </Button>
        </Group>
      )}
    </Stack>
  );
}
