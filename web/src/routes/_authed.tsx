import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { PageLoading } from '../components/page-loading';
import { signedInUser } from '../features/auth/signed-in-user';
import { useDraftSync } from '../features/offline-drafts/use-draft-sync';

/**
 * Every signed-in screen sits under this layout. The guard runs before any protected screen's
 * code loads: 'Loading...' while we ask who is signed in, then /login when nobody is.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const { user } = await signedInUser(context.queryClient);
    if (!user) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect idiom
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
    return { user };
  },
  pendingComponent: PageLoading,
  pendingMs: 0,
  component: SignedIn,
});

/** Every signed-in screen, with the drafts saved on this phone sent in the background (issue 40). */
function SignedIn() {
  const { user } = Route.useRouteContext();
  useDraftSync(user.email);
  return <Outlet />;
}
