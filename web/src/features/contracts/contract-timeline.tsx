import { Text, Timeline } from '@mantine/core';
import { eventWords } from '@domain/contract-lifecycle';
import type { ContractEvent } from '@domain/contracts.schemas';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The contract's audit trail, in the contractor's words (src/domain/contract-lifecycle.ts). */
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
            title={`${eventWords(event.type, 'contractor')}${to}`}
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
