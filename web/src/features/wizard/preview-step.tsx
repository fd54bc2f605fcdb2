import { Alert, Anchor, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { buildContractTemplateData } from '@domain/contract-template-data';
import { freezeContractDocument } from '@domain/contract-document/index';
import { renderTemplate } from '@domain/template-engine/index';
import { ContractFrame } from '../../components/contract-frame';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useLogoDataUrl } from '../prefs/use-logo-data-url';
import { toDraftPayload, type WizardState } from './wizard-state';

/** Step 4: the default template filled with this contract, as the client will see it. */
export function PreviewStep({ state }: { state: WizardState }) {
  // The template this contract will be frozen with: for a Spanish contract under the Standard
  // Contract, its twin "Contrato estándar" (docs/decisions/029).
  const template = useQuery(trpc.templates.default.queryOptions({ language: state.language }));
  const prefs = useQuery(trpc.prefs.get.queryOptions());
  const acceptance = useQuery(trpc.acceptances.status.queryOptions());
  const logo = useLogoDataUrl(prefs.data?.logo_path);

  const rendered = useMemo(() => {
    if (!template.data || !prefs.data || logo === undefined) return null;
    const payload = toDraftPayload(state);
    const data = buildContractTemplateData({
      prefs: prefs.data,
      contractorName: acceptance.data?.typed_name ?? null,
      logo,
      contract: {
        client_name: payload.client_name ?? null,
        client_email: payload.client_email ?? null,
        client_phone: payload.client_phone ?? null,
        client_address: payload.client_address ?? null,
        scope_clean: state.cleaned,
        total_price_cents: payload.total_price_cents ?? null,
        payment_plan_json: payload.payment_plan_json ?? null,
        my_signature_png: null,
        my_signed_at: null,
      },
    });
    // The same document policy the server freezes the contract with (docs/decisions/016).
    const result = renderTemplate(template.data.html, data, { language: state.language });
    return result.ok ? { ...result, html: freezeContractDocument(result.html) } : result;
  }, [template.data, prefs.data, acceptance.data, state, logo]);

  if (template.isError) {
    return (
      <Alert color="red" title="No contract template to preview">
        {errorMessage(template.error, '')}{' '}
        <Anchor component={Link} to="/templates">
          Go to Templates
        </Anchor>
      </Alert>
    );
  }
  if (!rendered) return <Loader aria-label="Loading the preview" />;
  if (!rendered.ok) {
    return (
      <Alert color="red" title="The default template cannot be filled in">
        {rendered.problems.map((problem) => `Line ${problem.line}: ${problem.message}`).join('; ')}
      </Alert>
    );
  }
  return <ContractFrame html={rendered.html} title="Contract preview" flowsInPage />;
}
