import { Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { lazyPart } from '../../components/loaded-part';
import { scrollPageToTop } from '../../components/page-scroll';
import { StillWorking } from '../../components/still-working';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ScopeCapture } from '../scope/scope-capture';
import { ClientStep } from './client-step';
import { PaymentStep } from './payment-step';
import { SignStep } from './sign-step';
import { linksSentence, signersLine } from '../signers/wizard-signers';
import { useWizard, type SaveOutcome } from './use-wizard';
import { useOnline } from '../../lib/connection';
import { blockedReason, WIZARD_STEPS, type WizardState } from './wizard-state';

// The preview brings the template engine and the document policy (parse5, css-tree): fetched
// when step 4 is near, not with the wizard's first screen.
const PreviewStep = lazyPart(
  () => import('./preview-step').then((module) => module.PreviewStep),
  'the preview',
);
// Only a conflicting save opens it (issue 40); its dialog code stays out of the first screen.
const ConflictDialog = lazyPart(
  () => import('../offline-drafts/conflict-dialog').then((module) => module.ConflictDialog),
  'the choice between the two versions',
);

/** Wizard: five steps, gating on Next, Save Draft, and Sign & Send. */
export function WizardPage(props: Parameters<typeof useWizard>[0]) {
  const wizard = useWizard(props);
  const online = useOnline();
  const { state, setState } = wizard;
  const [sending, setSending] = useState(false);
  const signMine = useMutation(trpc.contracts.signMine.mutationOptions());
  const send = useMutation(trpc.contracts.send.mutationOptions());
  const step = WIZARD_STEPS[state.step - 1] ?? WIZARD_STEPS[0];
  const blocked = blockedReason(state);
  const update = (change: Partial<WizardState>) =>
    setState((previous) => ({ ...previous, ...change }));
  const goTo = (next: number) => {
    update({ step: next });
    scrollPageToTop();
  };

  const saveDraft = async () => {
    try {
      showSaved(await wizard.saveDraft());
    } catch (error) {
      showToast({
        title: 'Could not save the draft',
        message: errorMessage(error, 'Please try again'),
        error: true,
      });
    }
  };

  const keepMine = async () => {
    try {
      showSaved(await wizard.keepMine());
    } catch (error) {
      showToast({
        title: 'Could not save the draft',
        message: errorMessage(error, 'Please try again'),
        error: true,
      });
    }
  };

  /** Reject without a signature, save, sign, send, then home. */
  const signAndSend = async () => {
    if (!state.signature) {
      showToast({
        title: 'Please sign the contract',
        message: 'Sign in the box above',
        error: true,
      });
      return;
    }
    setSending(true);
    try {
      const outcome = await wizard.saveDraft();
      if (outcome.kind !== 'saved') {
        if (outcome.kind === 'on-phone') showToast(NEEDS_CONNECTION);
        if (outcome.kind === 'sent-by-sync') showSaved(outcome);
        return;
      }
      const saved = outcome.contract;
      await signMine.mutateAsync({ id: saved.id, signature: state.signature });
      // The other signers and the order as just saved with the draft (issue 37).
      const { co_signers, signing_order } = saved;
      await send.mutateAsync({
        id: saved.id,
        client_data: state.client,
        co_signers,
        signing_order,
      });
      showToast({
        title: 'Contract sent!',
        message: sentMessage(co_signers.length, signing_order),
      });
      await wizard.leaveTo('/');
    } catch (error) {
      showToast({
        title: 'Could not send the contract',
        message: errorMessage(error, 'Please try again'),
        error: true,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed" fw={600}>
          {wizard.contractId ? `Contract #${wizard.contractId}` : 'New Contract'} · Step{' '}
          {state.step} of 5
        </Text>
        <Progress
          value={(state.step / 5) * 100}

          mt={6}
          aria-label={`Step ${state.step} of 5`}
        />
        <Title order={1} size="h2" mt="sm">
          {step.title}
        </Title>
        <Text c="dimmed">{step.subtitle}</Text>
      </div>

      {state.step === 1 && (
        <ScopeCapture
          value={state}
          onChange={(change) => setState((previous) => ({ ...previous, ...change(previous) }))}
        />
      )}
      {state.step === 2 && (
        <ClientStep
          client={state.client}
          language={state.language}
          homeSale={state.homeSale}
          onChange={(client) => update({ client })}
          onLanguageChange={(language) => update({ language })}
          onHomeSaleChange={(homeSale) => update({ homeSale })}
          coSigners={state.coSigners}
          signingOrder={state.signingOrder}
          onCoSignersChange={(coSigners) => update({ coSigners })}
          onSigningOrderChange={(signingOrder) => update({ signingOrder })}
        />
      )}
      {state.step === 3 && (
        <PaymentStep state={state} payments={props.payments} onChange={update} />
      )}
      {state.step === 4 && (
        <PreviewStep
          state={state}
          payments={props.payments}
          fallback={<Loader aria-label="Loading the preview" />}
        />
      )}
      {state.step === 5 && (
        <SignStep
          signers={signersLine(state.client.name, state.coSigners, state.signingOrder)}
          links={linksSentence(state.client.name, state.coSigners.length, state.signingOrder)}
          signature={state.signature}
          onChange={(signature) => update({ signature })}
          onAcceptLegal={() => void wizard.leaveForLegal()}
        />
      )}

      <Stack gap="xs">
        {blocked && state.step < 5 && (
          <Text size="sm" c="dimmed" role="status">
            {blocked}
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            variant="default"
            px="sm"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            disabled={state.step === 1}
            onClick={() => goTo(state.step - 1)}
          >
            Back
          </Button>
          <Button
            variant="subtle"
            px="xs"
            loading={wizard.saving && !sending}
            onClick={() => void saveDraft()}
          >
            Save Draft
          </Button>
          {state.step < 5 ? (
            <Button
              px="sm"
              rightSection={<IconArrowRight size={18} aria-hidden />}
              disabled={blocked !== null}
              onClick={() => goTo(state.step + 1)}
            >
              Next
            </Button>
          ) : null}
        </Group>
        {state.step === 5 && (
          <Button
            size="lg"
            leftSection={<IconSend size={20} aria-hidden />}
            disabled={sending || !online}
            onClick={() => void signAndSend()}
          >
            {sending ? 'Sending...' : 'Sign & Send to Client'}
          </Button>
        )}
        {state.step === 5 && !online && (
          <Text size="sm" c="dimmed" role="status">
            {NEEDS_CONNECTION.title}. {NEEDS_CONNECTION.message}
          </Text>
        )}
        {wizard.keptOnPhone && (
          <Text size="sm" c="dimmed" role="status">
            Saved on this phone. Not synced yet: it is sent when the connection returns.
          </Text>
        )}
        <StillWorking pending={wizard.saving || sending} />
        {wizard.conflict && (
          <ConflictDialog
            server={wizard.conflict}
            busy={wizard.saving}
            onKeepMine={() => void keepMine()}
            onUseSaved={() => void wizard.takeSaved()}
            fallback={null}
          />
        )}
      </Stack>
    </Stack>
  );
}

const NEEDS_CONNECTION = {
  title: 'Sign & Send needs a connection',
  message: 'Your draft is saved on this phone. Send it once you have a signal.',
  error: true,
};

/** What the person is told once Save Draft is done: on the server, or on this phone. */
function showSaved(outcome: SaveOutcome) {
  if (outcome.kind === 'saved' || outcome.kind === 'sent-by-sync') {
    showToast({ title: 'Draft saved', message: 'Continue any time from Contracts' });
  } else if (outcome.kind === 'on-phone') {
    showToast({
      title: 'Saved on this phone',
      message: 'No connection: it is sent to your account when the connection returns',
    });
  }
}

/** The spec's sentence for one client; with others who sign, who is mailed now (issue 37). */
function sentMessage(coSigners: number, order: 'together' | 'in_order'): string {
  if (coSigners === 0) return 'Client will receive an email to sign';
  return order === 'in_order'
    ? 'The first signer will receive an email to sign; each next one after the one before signs'
    : 'Each signer will receive an email to sign';
}
