import { Button, Stack, Text } from '@mantine/core';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { formatDateTime } from '@domain/dates';
import { securityEvents } from '@domain/i18n/en/security-events';
import {
  isSecurityEventType,
  type SecurityEvent,
  type SecurityEventType,
} from '@domain/security-events';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useCompanyTimeZone } from '../prefs/use-company-time-zone';
import { securityEventDetailLine } from './security-event-details';

/** Before the company sets its zone: the browser's clock, as the contract timeline does. */
const browserClock = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Refusals stand out: a run of them the owner did not cause is the reason to read this log. */
const REFUSALS: ReadonlySet<string> = new Set<SecurityEventType>([
  'sign_in_failed',
  'two_factor_failed',
  'password_change_failed',
]);

/** A line between rows: on a phone each row wraps to several lines and must read as its own. */
const rowDivider = {
  borderTop: '1px solid var(--mantine-color-default-border)',
  paddingTop: 'var(--mantine-spacing-sm)',
};

/**
 * Settings → Security: the account's security log (issue 34), newest first, each line with what
 * happened, when (on the company's clock), the device and the address; older lines on request.
 */
export function SecurityLogPanel() {
  const timeZone = useCompanyTimeZone();
  const pages = useSuspenseInfiniteQuery(
    trpc.auth.securityLog.infiniteQueryOptions(
      {},
      { getNextPageParam: (lastPage) => lastPage.next_before },
    ),
  );
  const events = pages.data.pages.flatMap((page) => page.events);
  const when = (at: string) =>
    timeZone ? formatDateTime(at, timeZone) : browserClock.format(new Date(at));
  return (
    <Stack gap="sm">
      {events.length === 0 ? (
        <Text c="dimmed">Nothing recorded yet.</Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Security log"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {events.map((event, index) => (
            <li key={event.id} style={index === 0 ? undefined : rowDivider}>
              <SecurityLogLine event={event} when={when(event.at)} />
            </li>
          ))}
        </Stack>
      )}
      {pages.isFetchNextPageError && (
        <Text c="red.8" role="alert">
          Older lines could not be loaded: {errorMessage(pages.error, 'please try again')}
        </Text>
      )}
      {pages.hasNextPage && (
        <div>
          <Button
            variant="default"
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
          >
            Show older
          </Button>
        </div>
      )}
    </Stack>
  );
}

function SecurityLogLine({ event, when }: { event: SecurityEvent; when: string }) {
  const refused = REFUSALS.has(event.type);
  const detail = securityEventDetailLine(event);
  return (
    <Stack gap={2}>
      <Text fw={600} c={refused ? 'red.8' : undefined}>
        {isSecurityEventType(event.type) ? securityEvents[event.type] : event.type}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {when} · {event.device}
        {event.ip ? ` · ${event.ip}` : ''}
        {event.by ? ` · by ${event.by}` : ''}
      </Text>
      {detail && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}
