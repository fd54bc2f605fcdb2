import { namesOf } from '../signers/signer-words';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarPlus, IconLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Contract } from '@domain/contracts.schemas';
import { extendInputSchema } from '@domain/follow-up.schemas';
import { StillWorking } from '../../components/still-working';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { ClientEmailWait } from './use-client-email-wait';
import { formatDate } from './follow-up-format';
import { useRefreshContracts } from './use-refresh-contracts';

export const DEFAULT_LINK_DAYS = 14;

/** A new link, emailed; or, while the client's email budget says wait, only a later deadline. */
type Mode = 'link' | 'deadline';

const WORDS: Record<Mode, { title: string; submit: string }> = {
  link: { title: 'Send a new link', submit: 'Send new link' },
  deadline: { title: 'Change the deadline', submit: 'Change the deadline' },
};

/**
 * Emails the client a fresh signing link that works for the days chosen (1 to 90). While the
 * client's email budget says wait (issue 33) "Send a new link" is disabled with that time, and a
 * contract awaiting signature offers "Change the deadline": the links the client holds work until
 * the later date, and no email goes.
 */
export function ExtendLinkForm({
  contract,
  wait,
  waitHintId,
}: {
  contract: Contract;
  wait: ClientEmailWait | null;
  waitHintId: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const [mode, setMode] = useState<Mode>('link');
  const refresh = useRefreshContracts();
  const client = contract.client_name ?? 'The client';
  const form = useForm<{ days: number | string }>({
    mode: 'controlled',
    initialValues: { days: DEFAULT_LINK_DAYS },
    validate: schemaResolver(extendInputSchema, { sync: true }),
  });
  const extend = useMutation(
    trpc.followUp.extend.mutationOptions({
      onSuccess: async (result) => {
        showToast(
          result.emailed
            ? {
                title: 'New link sent',
                message:
                  result.to.length > 1
                    ? `${namesOf(result.to) ?? ''} got a new link that works until ${formatDate(result.expires_at)}`
                    : `The client's link now works until ${formatDate(result.expires_at)}`,
              }
            : { title: 'Deadline changed', message: result.message ?? '' },
        );
        close();
        form.reset();
        await refresh();
      },
      // Too soon: the buttons then show until when.
      onError: async (error) => {
        showToast({
          title: mode === 'link' ? 'The new link was not sent' : 'The deadline was not changed',
          message: errorMessage(error, 'Please try again'),
          error: true,
        });
        await refresh();
      },
    }),
  );
  const openAs = (next: Mode) => {
    setMode(next);
    open();
  };
  const dismiss = () => {
    if (extend.isPending) return;
    extend.reset();
    close();
  };
  const words = WORDS[mode];
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconLink size={18} aria-hidden />}
        disabled={wait !== null}
        aria-describedby={wait ? waitHintId : undefined}
        onClick={() => openAs('link')}
      >
        Send a new link
      </Button>
      {wait && contract.status === 'sent' && (
        <Button
          variant="default"
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          onClick={() => openAs('deadline')}
        >
          Change the deadline
        </Button>
      )}
      <Modal opened={opened} onClose={dismiss} title={words.title} centered>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            extend.mutate({ id: contract.id, days: Number(values.days) }),
          )}
        >
          <Stack>
            <Text size="sm">
              {mode === 'link'
                ? `${client} gets an email with a new signing link.`
                : `No email goes to ${client} now. ${wait?.message ?? ''} The links they have work until the new deadline.`}
            </Text>
            <NumberInput
              label="The link works for (days)"
              description="From 1 to 90 days"
              min={1}
              max={90}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputMode="numeric"
              data-autofocus
              {...form.getInputProps('days')}
            />
            {extend.isError && (
              <Alert
                color="red"
                title={
                  mode === 'link' ? 'The new link was not sent' : 'The deadline was not changed'
                }
                role="alert"
              >
                {errorMessage(extend.error, 'Please try again')}
              </Alert>
            )}
            <StillWorking pending={extend.isPending} />
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss} disabled={extend.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={extend.isPending}>
                {words.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
