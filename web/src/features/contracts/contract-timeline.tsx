import { Text, Timeline } from '@mantine/core';
import { CONTRACTOR_EVENT_LINES, describeEvent } from '@domain/contract-event-lines';
import type { ContractEvent } from '@domain/contracts.schemas';
import { formatDateTime } from '@domain/dates';
import { useCompanyTimeZone } from '../prefs/use-company-time-zone';
import { formatDate } from './follow-up-format';

/** Before the company sets its zone: the browser's clock, as the timeline always showed. */
const browserClock = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Events that need the contractor's eye stand out. */
const eventColors: Record<string, string | undefined> = {
  email_failed: 'red',
  declined: 'red',
  expired: 'orange',
  voided: 'gray',
};

/**
 * A later deadline saved while the client's email budget said wait (issue 33) is a
 * `link_extended` event that records `emailed: false`: no link went, so it must not read as one.
 */
function lineOf(event: ContractEvent): string {
  const until = event.details?.expires_at;
  if (event.type === 'link_extended' && event.details?.emailed === false) {
    const date = typeof until === 'string' ? ` to ${formatDate(until)}` : '';
    return `Deadline moved${date}, without an email to the client`;
  }
  return describeEvent(event, CONTRACTOR_EVENT_LINES);
}

/** The contract's audit trail, each event with its facts (src/domain/contract-lifecycle.ts). */
export function ContractTimeline({ events }: { events: ContractEvent[] }) {
  const timeZone = useCompanyTimeZone();
  // The company's clock, named (`December 1, 2026 at 9:31 AM CST`), once it has a zone.
  const when = (at: string) =>
    timeZone ? formatDateTime(at, timeZone) : browserClock.format(new Date(at));
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
            color={eventColors[event.type]}
            title={`${lineOf(event)}${to}`}
          >
            <Text size="xs" c="dimmed">
              {when(event.at)}
              {event.ip ? ` · ${event.ip}` : ''}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
