import { Notification } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './toast-renderer.module.css';

const SHOWN_FOR_MS = 5000;

/**
 * The toast as a plain box, for when the animated renderer's code could not be fetched
 * (ToastHost): the words still reach the contractor, in the same place, for the same 5 seconds.
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
    <div className={classes.root} data-position="bottom-center">
      <Notification
        title={current.title}
        color={current.color}
        role="status"
        onClose={() => notifications.hide(id)}
      >
        {current.message}
      </Notification>
    </div>
  );
}
