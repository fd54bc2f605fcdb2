import { Text, Timeline } from '@mantine/core';
import { CONTRACTOR_EVENT_LINES, describeEvent, namesSigners } from '@domain/contract-event-lines';
import { EVENT_WORDS } from '@domain/contract-lifecycle';
import type { ContractEvent } from '@domain/contracts.schemas';
import { formatDateTime } from '@domain/dates';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useCurrentUser } from '../auth/use-current-user';
import { useCompanyTimeZone } from '../prefs/use-company-time-zone';
import { nameOf } from '../team/team-shared';
import { formatDate } from './follow-up-format';

/**
 * The name of the teammate an event's actor (their email) is, or null for the reader, the client
 * and the server.
 */
function useTeammateNames(): (actor: string | null) => string | null {
  const myEmail = useCurrentUser().data?.user?.email;
  const team = useQuery(trpc.team.get.queryOptions());
  return (actor) => {
    // The client's and the server's events carry no email.
    if (!actor?.includes('@') || actor === myEmail) return null;
    const person = team.data?.members.find((member) => member.email === actor);
    // Someone who has left the team is named by the email the record keeps.
    return person ? nameOf(person) : actor;
  };
}

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
function lineOf(event: ContractEvent, byOther: string | null, nameSigner: boolean): string {
  // "You signed" is the reader's own signature; a teammate's says whose (issue 35).
  if (event.type === 'signed_by_contractor' && byOther) return `${byOther} signed`;
  const until = event.details?.expires_at;
  if (event.type === 'link_extended' && event.details?.emailed === false) {
    const date = typeof until === 'string' ? ` to ${formatDate(until)}` : '';
    return `Deadline moved${date}, without an email to the client`;
  }
  const line = describeEvent(event, CONTRACTOR_EVENT_LINES, { nameSigner });
  // "You withdrew the contract" would say the contract went; a change order's line says it went.
  return event.type === 'voided' && event.change_order
    ? line.replace(EVENT_WORDS.voided.contractor, 'Withdrawn')
    : line;
}

/** The contract's audit trail, each event with its facts (src/domain/contract-lifecycle.ts). */
export function ContractTimeline({ events }: { events: ContractEvent[] }) {
  const timeZone = useCompanyTimeZone();
  const teammateOf = useTeammateNames();
  // Several clients sign: each of their lines says who (issue 37).
  const nameSigner = namesSigners(events);
  // The company's clock, named (`December 1, 2026 at 9:31 AM CST`), once it has a zone.
  const when = (at: string) =>
    timeZone ? formatDateTime(at, timeZone) : browserClock.format(new Date(at));
  return (
    <Timeline
      bulletSize={14}
      lineWidth={2}
      active={events.length - 1}
      aria-label="Contract timeline"
      // A client's or a former teammate's long email has no space to wrap at: on a 390 px phone
      // it would push the page sideways.
      styles={{ itemBody: { minWidth: 0 }, itemTitle: { overflowWrap: 'anywhere' } }}
    >
      {events.map((event) => {
        const to = typeof event.details?.to === 'string' ? ` (${event.details.to})` : '';
        const byOther = teammateOf(event.actor);
        // A step of one of the contract's change orders says which (issue 38).
        const of = event.change_order ? `Change Order ${event.change_order.number}: ` : '';
        return (
          <Timeline.Item
            key={event.id}
            color={eventColors[event.type]}
            title={`${of}${lineOf(event, byOther, nameSigner)}${to}`}
          >
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {when(event.at)}
              {byOther && event.type !== 'signed_by_contractor' ? ` · by ${byOther}` : ''}
              {event.ip ? ` · ${event.ip}` : ''}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
