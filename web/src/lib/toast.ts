import { notifications } from '@mantine/notifications';

/**
 * One toast at a time. The newest message matters most, so it replaces the
 * one on screen instead of waiting in a queue behind it.
 */
export function showToast(toast: { title: string; message: string; error?: boolean }): void {
  notifications.clean();
  notifications.show({
    title: toast.title,
    message: toast.message,
    color: toast.error ? 'red' : 'blue',
    autoClose: 5000,
  });
}
