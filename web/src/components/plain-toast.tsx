import { CloseButton, Text } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './plain-toast.module.css';
import rendererClasses from './toast-renderer.module.css';

const SHOWN_FOR_MS = 5000;

/**
 * The toast as a plain box, for when the animated renderer's code could not be fetched
 * (ToastHost): the words still reach the contractor, in the same place, for the same 5 seconds.
 * Plain elements, so that nothing of the renderer's code comes with every page.
 */
export function PlainToast() {
  const { notifications: shown } = useNotifications();
  const current = shown.at(-1);
  const id = current?.id;
  useEffect(() => {
    if (!id) return;
    const timer = setTimeout(() => notifications.hide(id), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [id]);
  if (!current || !id) return null;
  return (
    <div className={rendererClasses.root} data-position="bottom-center">
      <div
        className={classes.toast}
        role="status"
        data-toast
        data-error={current.color === 'red' || undefined}
      >
        <div className={classes.words}>
          <Text fw={600} size="sm">
            {current.title}
          </Text>
          <Text size="sm" c="dimmed">
            {current.message}
          </Text>
        </div>
        <CloseButton aria-label="Close" onClick={() => notifications.hide(id)} />
      </div>
    </div>
  );
}
