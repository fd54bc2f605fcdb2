import { Alert, Anchor, Code, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { calendarDateIn } from '@domain/calendar-date';
import { buildContractTemplateData } from '@domain/contract-template-data';
import { draftSigners } from '@domain/template-signers';
import { freezeContractDocument } from '@domain/contract-document/index';
import { renderContract } from '@domain/contract-render';
import { ContractFrame } from '../../components/contract-frame';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useLogoDataUrl } from '../prefs/use-logo-data-url';
import { toDraftPayload, type WizardPayments, type WizardState } from './wizard-state';
import { signersLine } from '../signers/wizard-signers';

/** Step 4: the default template filled with this contract, as the client will see it. */
export function PreviewStep({ state, payments }: { state: WizardState; payments: WizardPayments }) {
  // The template this contract will be frozen with: for a Spanish contract under the Standard
  // Contract, its twin "Contrato estándar" (docs/decisions/029).
  const template = useQuery(trpc.templates.default.queryOptions({ language: state.language }));
  const prefs = useQuery(trpc.prefs.get.queryOptions());
  const acceptance = useQuery(trpc.acceptances.status.queryOptions());
  const logo = useLogoDataUrl(prefs.data?.logo_path);

  const rendered = useMemo(() => {
    if (!template.data || !prefs.data || logo === undefined) return null;
    const payload = toDraftPayload(state, payments);
    const client = {
      client_name: payload.client_name ?? null,
      client_email: payload.client_email ?? null,
      client_phone: payload.client_phone ?? null,
    };
    const data = buildContractTemplateData({
      prefs: prefs.data,
      contractorName: acceptance.data?.typed_name ?? null,
      logo,
      // The company's day, as the server's frozen copy dates it.
      today: calendarDateIn(new Date().toISOString(), prefs.data.time_zone),
      // Every signer the contract will name, as sending freezes them (issue 37).
      signers: draftSigners(client, payload.co_signers),
      contract: {
        ...client,
        client_address: payload.client_address ?? null,
        scope_clean: state.cleaned,
        total_price_cents: payload.total_price_cents ?? null,
        payment_plan_json: payload.payment_plan_json ?? null,
        my_signature_png: null,
        my_signed_at: null,
        home_sale: state.homeSale,
      },
    });
    // The same rendering (a home sale's notice included) and document policy the server freezes
    // the contract with (docs/decisions/016).
    const result = renderContract(template.data.html, data, {
      language: state.language,
      timeZone: prefs.data.time_zone,
    });
    return result.ok ? { ...result, html: freezeContractDocument(result.html) } : result;
  }, [template.data, prefs.data, acceptance.data, state, payments, logo]);

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
  // A template of the contractor's own may not place the rule's statement by the signature.
  const statementMissing =
    state.homeSale && !(template.data?.html ?? '').includes('contract.home_sale');
  const signers = signersLine(state.client.name, state.coSigners, state.signingOrder);
  return (
    <Stack gap="sm">
      {signers && (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {signers}
        </Text>
      )}
      {statementMissing && (
        <Alert color="yellow" title="Your template does not show the cancellation statement">
          A home sale needs the FTC statement next to the client's signature. Add{' '}
          <Code>{'{{#if contract.home_sale}}…{{/if}}'}</Code> there in{' '}
          <Anchor component={Link} to="/templates">
            Templates
          </Anchor>
          . The Notice of Cancellation is added as the last page either way.
        </Alert>
      )}
      <ContractFrame html={rendered.html} title="Contract preview" flowsInPage />
    </Stack>
  );
}
