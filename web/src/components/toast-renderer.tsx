import { Notifications } from '@mantine/notifications';
import classes from './toast-renderer.module.css';

/** Loaded with the first toast (see ToastHost). One at a time, for 5 seconds. */
export default function ToastRenderer() {
  return (
    <Notifications
      limit={1}
      autoClose={5000}
      position="bottom-center"
      withinPortal={false}
      classNames={{ root: classes.root }}
    />
  );
}
