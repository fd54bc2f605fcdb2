import { Button } from '@mantine/core';
import { useRef, useState } from 'react';
import { showToast } from '../../lib/toast';
import type { DeclineDialog as DeclineDialogComponent, DeclineDialogProps } from './decline-dialog';

/*
 * The dialog is a chunk of its own: Modal and Textarea are most of it, and few people decline.
 * Loaded by hand rather than with React.lazy, so a failed download (no network on a job site)
 * is a toast and a button that works on the next tap instead of a page that fails.
 */
const importDeclineDialog = () => import('./decline-dialog');

type DeclineControlProps = Pick<
  DeclineDialogProps,
  'token' | 'companyName' | 'onDeclined' | 'onConflict' | 'onLinkInvalid'
> & { disabled?: boolean };

/** "Decline to sign" below Sign Contract, and the dialog it opens. */
export function DeclineControl({ disabled, ...dialogProps }: DeclineControlProps) {
  const [Dialog, setDialog] = useState<typeof DeclineDialogComponent | null>(null);
  const [opened, setOpened] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const prefetch = () => void importDeclineDialog().catch(() => undefined);

  const open = () => {
    if (Dialog) return setOpened(true);
    setLoading(true);
    importDeclineDialog().then(
      (module) => {
        setLoading(false);
        setDialog(() => module.DeclineDialog);
        setOpened(true);
      },
      () => {
        setLoading(false);
        showToast({ title: 'Could not open', message: 'Please try again', error: true });
      },
    );
  };

  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="subtle"
        color="gray"
        fullWidth
        disabled={disabled || loading}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={open}
      >
        Decline to sign
      </Button>
      {Dialog ? (
        <Dialog
          {...dialogProps}
          opened={opened}
          onClose={() => setOpened(false)}
          returnFocusTo={buttonRef}
        />
      ) : null}
    </>
  );
}
