import { createFileRoute, Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { PageLoading } from '../components/page-loading';
import { useCurrentUser } from '../features/auth/use-current-user';

/** Every signed-in screen sits under this layout: 'Loading...' while we ask, /login when signed out. */
export const Route = createFileRoute('/_authed')({
  component: RequireSignIn,
});

function RequireSignIn() {
  const location = useLocation();
  const { data, isPending, isError } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (isError || !data.user) {
    return <Navigate to="/login" search={{ redirect: location.href }} replace />;
  }
  return <Outlet />;
}
