import { Notifications } from '@mantine/notifications';

/** Loaded with the first toast (see ToastHost). Spec section 9: one at a time, for 5 seconds. */
export default function ToastRenderer() {
  return <Notifications limit={1} autoClose={5000} position="top-center" />;
}
