import { Button, TextInput, type TextInputProps } from '@mantine/core';

export type CodeKind = 'code' | 'recovery_code';

/**
 * The field a second-step code is typed into. A code from the app: digits, so phones show the
 * number pad, and `one-time-code` so a password manager or the phone can fill it. A recovery
 * code: letters and digits, left as typed (no capitals, no spelling fixes).
 */
export function CodeField(props: TextInputProps & { kind: CodeKind }) {
  const { kind, ...input } = props;
  if (kind === 'code') {
    return (
      <TextInput
        label="6-digit code"
        description="The code your authenticator app shows for TradeSign"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        size="md"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 2 } }}
        {...input}
      />
    );
  }
  return (
    <TextInput
      label="Recovery code"
      description="One of the codes you saved when you turned on two-step sign-in"
      placeholder="abcd-efgh-ijkl-mnop"
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={40}
      size="md"
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      {...input}
    />
  );
}

/** Switches between a code from the app and a recovery code. */
export function CodeKindSwitch(props: { kind: CodeKind; onChange: (kind: CodeKind) => void }) {
  const other: CodeKind = props.kind === 'code' ? 'recovery_code' : 'code';
  return (
    <Button variant="subtle" px={0} onClick={() => props.onChange(other)}>
      {props.kind === 'code' ? 'Use a recovery code instead' : 'Use a code from your app instead'}
    </Button>
  );
}
