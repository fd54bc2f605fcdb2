import { createFileRoute } from '@tanstack/react-router';
import { EsignPage } from '../../features/esign/esign-page';

/*
 * Public: no account, no tRPC. Everything this page needs is in the route's own chunk (the
 * component is code-split), and it talks to /api/esign/:token with plain fetch.
 */
export const Route = createFileRoute('/esign/$token')({
  component: SigningRoute,
});

function SigningRoute() {
  const { token } = Route.useParams();
  // A new token is a new page: start again from 'loading' with an empty signature.
  return <EsignPage key={token} token={token} />;
}
