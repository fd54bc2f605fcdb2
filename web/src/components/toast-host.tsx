import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastRenderer = lazy(() => import('./toast-renderer'));

/**
 * Where toasts appear. Most visits never show one, so the toast renderer (transitions, portal,
 * scroll handling) is fetched with the first toast instead of with every page; until it is
 * there, the toast waits in the notifications store.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRenderer />
    </Suspense>
  );
}
