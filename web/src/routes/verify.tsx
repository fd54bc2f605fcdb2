import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '../features/verify/verify-page';

/*
 * Public, signed in or out: no account, no tRPC. The page is code-split into the route's own
 * chunk and talks to /api/verify/:sha256 with plain fetch.
 */
export const Route = createFileRoute('/verify')({
  component: VerifyPage,
});
