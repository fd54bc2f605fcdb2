import { Anchor, Checkbox, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useRef, useState, type Ref } from 'react';
import { ESIGN_CONSENT_SUMMARY } from '@domain/esign-consent';

const importDisclosureModal = () => import('./disclosure-modal');
const DisclosureModal = lazy(() =>
  importDisclosureModal().then((module) => ({ default: module.DisclosureModal })),
);

export interface ConsentSectionProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
  /** The checkbox input, focused when Sign Contract is pressed without consent. */
  checkboxRef?: Ref<HTMLInputElement>;
}

/** ESIGN Act consent (15 U.S.C. 7001(c)): the short disclosure, the full text, and the tick. */
export function ConsentSection({
  checked,
  onChange,
  error,
  disabled,
  checkboxRef,
}: ConsentSectionProps) {
  const headingId = useId();
  const [opened, setOpened] = useState(false);
  /** Mounted from the first opening on, so closing still plays the modal's exit transition. */
  const [modalMounted, setModalMounted] = useState(false);
  const linkRef = useRef<HTMLButtonElement>(null);
  const prefetch = () => void importDisclosureModal();

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        Electronic records and signatures
      </Title>
      <Text size="sm">{ESIGN_CONSENT_SUMMARY}</Text>
      <Anchor
        ref={linkRef}
        component="button"
        type="button"
        size="sm"
        style={{ alignSelf: 'start' }}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setModalMounted(true);
          setOpened(true);
        }}
      >
        Read the full disclosure
      </Anchor>
      <Checkbox
        ref={checkboxRef}
        label="I agree to use electronic records and signatures"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
        disabled={disabled}
      />
      {modalMounted ? (
        <Suspense fallback={null}>
          <DisclosureModal
            opened={opened}
            onClose={() => setOpened(false)}
            returnFocusTo={linkRef}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
