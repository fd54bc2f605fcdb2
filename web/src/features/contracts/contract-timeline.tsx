import { Text, Timeline } from '@mantine/core';
import type { ContractEvent } from '@domain/contracts.schemas';

const eventLabels: Record<string, string> = {
  created: 'Draft created',
  updated: 'Draft updated',
  signed_by_contractor: 'You signed',
  sent: 'Sent to the client',
  email_sent: 'Email delivered',
  email_failed: 'Email could not be delivered',
  viewed: 'Client opened the contract',
  consented: 'Client agreed to sign electronically',
  signed_by_client: 'Client signed',
  completed: 'Completed',
  sealed_copy_sent: 'Sealed PDF sent to both parties',
};

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The contract's audit trail, as the contractor sees it (architecture decision 7). */
export function ContractTimeline({ events }: { events: ContractEvent[] }) {
  return (
    <Timeline
      bulletSize={14}
      lineWidth={2}
      active={events.length - 1}
      aria-label="Contract timeline"
    >
      {events.map((event) => {
        const to = typeof event.details?.to === 'string' ? ` (${event.details.to})` : '';
        return (
          <Timeline.Item
            key={event.id}
            color={event.type === 'email_failed' ? 'red' : undefined}
            title={`${eventLabels[event.type] ?? event.type}${to}`}
          >
            <Text size="xs" c="dimmed">
              {when.format(new Date(event.at))}
              {event.ip ? ` · ${event.ip}` : ''}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
