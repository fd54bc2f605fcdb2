import { useNotifications } from '@mantine/notifications';
import { useState } from 'react';
import { lazyPart } from './loaded-part';
import { PlainToast } from './plain-toast';

const ToastRenderer = lazyPart(
  () => import('./toast-renderer').then((module) => module.default),
  'the message',
);

/**
 * Where toasts appear. Most visits never show one, so the toast renderer (transitions, portal,
 * scroll handling) is fetched with the first toast instead of with every page; until it is
 * there, the toast waits in the notifications store. Should its code not arrive (offline without
 * the service worker's copy, or after an update), toasts are shown plainly instead.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return <ToastRenderer fallback={null} failed={<PlainToast />} />;
}
