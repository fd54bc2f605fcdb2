import { useEffect } from 'react';
import { PageLoading } from '../../components/page-loading';
import { ClosedView } from './closed-views';
import { InvalidLink, LoadFailed } from './invalid-link';
import { SignedView } from './signed-view';
import { SigningView } from './signing-view';
import { useSigningView } from './use-signing-view';

/** The public page behind the emailed link /esign/:token. */
export function EsignPage({ token }: { token: string }) {
  const { state, reload, markSigned, markDeclined, markInvalid } = useSigningView(token);
  const company = state.kind === 'ready' ? (state.view.company_name ?? 'TradeSign') : null;
  useSigningTitle(company);

  switch (state.kind) {
    case 'loading':
      return <PageLoading />;
    case 'invalid':
      return <InvalidLink />;
    case 'closed':
      return <ClosedView view={state.view} />;
    case 'unavailable':
      return <LoadFailed onRetry={reload} />;
    case 'ready':
      return state.view.status === 'sent' ? (
        <SigningView
          token={token}
          view={state.view}
          onSigned={markSigned}
          onDeclined={markDeclined}
          onConflict={reload}
          onLinkInvalid={markInvalid}
        />
      ) : (
        <SignedView view={state.view} token={token} />
      );
  }
}

/** 'Sign your contract · <company>' once loaded; the previous title comes back on leaving. */
function useSigningTitle(company: string | null) {
  useEffect(() => {
    if (company === null) return;
    const previous = document.title;
    document.title = `Sign your contract · ${company}`;
    return () => {
      document.title = previous;
    };
  }, [company]);
}
