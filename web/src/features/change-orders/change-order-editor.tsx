import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ChangeOrder, ChangeOrderInput } from '@domain/change-orders.schemas';
import { AnchorLink } from '../../components/anchor-link';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ScopeCapture, type ScopeState } from '../scope/scope-capture';
import { ChangeOrderFields } from './change-order-fields';
import { ChangeOrderPreview } from './change-order-preview';
import { SignAndSendChangeOrder } from './sign-and-send';
import {
  descriptionOfScope,
  emptyChangeOrderForm,
  formOfChangeOrder,
  inputOfForm,
  type ChangeOrderForm,
} from './change-order-words';

/** The form says what the saved draft says: Sign & Send sends what is saved. */
function sameInput(input: ChangeOrderInput, order: ChangeOrder): boolean {
  return (
    input.description.trim() === order.description &&
    input.price_change_cents === order.price_change_cents &&
    (input.days_change ?? null) === order.days_change &&
    input.payment === order.payment &&
    (input.payment === 'spread' ||
      (input.new_stage?.label.trim() === order.new_stage?.label &&
        input.new_stage?.trigger.trim() === order.new_stage?.trigger))
  );
}

interface EditorState {
  scope: ScopeState;
  form: ChangeOrderForm;
}

/**
 * The short wizard of a change order (issue 38): what changes (the wizard's scope capture, its
 * cleaned paragraph and work items kept as the description), the price and time, how it is paid,
 * then Save Draft and the server's preview. A refused save keeps everything typed.
 */
export function ChangeOrderEditor(props: { contractId: number; saved: ChangeOrder | null }) {
  const { contractId, saved } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<EditorState>(() => ({
    scope: { snippets: [], cleaned: null, engine: null },
    form: saved ? formOfChangeOrder(saved) : emptyChangeOrderForm(),
  }));
  const [answer, setAnswer] = useState<ChangeOrder | null>(saved);
  const setForm = (change: Partial<ChangeOrderForm>) =>
    setState((previous) => ({ ...previous, form: { ...previous.form, ...change } }));
  // A new cleanup (or an edit of the cleaned scope) becomes the description; typing in the
  // description afterwards keeps what was typed.
  const setScope = (update: (previous: ScopeState) => ScopeState) =>
    setState((previous) => {
      const scope = update(previous.scope);
      const cleaned = scope.cleaned !== previous.scope.cleaned ? scope.cleaned : null;
      return {
        scope,
        form: cleaned
          ? { ...previous.form, description: descriptionOfScope(cleaned) }
          : previous.form,
      };
    });
  const onSaved = async (order: ChangeOrder) => {
    setAnswer(order);
    queryClient.setQueryData(trpc.changeOrders.get.queryKey({ id: order.id }), order);
    await queryClient.invalidateQueries(trpc.changeOrders.list.queryFilter({ contractId }));
    showToast({ title: 'Draft saved', message: `Change Order ${order.number} is saved` });
    if (!saved) await navigate({ to: '/change-orders/$id/edit', params: { id: order.id } });
  };
  const create = useMutation(trpc.changeOrders.create.mutationOptions({ onSuccess: onSaved }));
  const update = useMutation(trpc.changeOrders.update.mutationOptions({ onSuccess: onSaved }));
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const save = () => {
    const input = inputOfForm(state.form);
    create.reset();
    update.reset();
    if (saved) update.mutate({ id: saved.id, changes: input });
    else create.mutate({ contractId, changeOrder: input });
  };
  const unsaved = answer !== null && !sameInput(inputOfForm(state.form), answer);
  const title = saved ? `Change Order ${saved.number}` : 'New change order';

  return (
    <Stack gap="lg">
      <div>
        <AnchorLink to="/contracts/$id" params={{ id: contractId }}>
          Back to Contract #{contractId}
        </AnchorLink>
        <Title order={1} size="h2" mt="xs">
          {title} to Contract #{contractId}
        </Title>
        <Text c="dimmed">What changes, what it costs, and how it is paid</Text>
      </div>
      <Paper withBorder p="md" component="section" aria-labelledby="what-changes-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="what-changes-title">
            What changes
          </Title>
          <ScopeCapture value={state.scope} onChange={setScope} />
          <Textarea
            label="Description of the change"
            description="What the client signs. Cleaning up your notes with AI writes it here."
            autosize
            minRows={3}
            value={state.form.description}
            onChange={(event) => setForm({ description: event.currentTarget.value })}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <ChangeOrderFields form={state.form} onChange={setForm} />
      </Paper>
      {failure && (
        <Alert color="red" title="The draft was not saved" role="alert">
          {errorMessage(failure, 'Please try again')}
        </Alert>
      )}
      <Button
        size="md"
        leftSection={<IconDeviceFloppy size={18} aria-hidden />}
        loading={saving}
        onClick={save}
      >
        Save Draft
      </Button>
      {answer && <ChangeOrderPreview order={answer} stale={unsaved} />}
      {answer && <SignAndSendChangeOrder order={answer} unsaved={unsaved} />}
    </Stack>
  );
}
