import { Text } from '@mantine/core';
import { IconCircleX, IconFileOff, IconLinkOff } from '@tabler/icons-react';
import { CompanyContacts } from './company-contacts';
import type { EsignClosedView } from './esign-api';
import { StatusNotice } from './status-notice';

/** Built on first use: a DateTimeFormat costs a slow phone milliseconds to build. */
let longDateFormat: Intl.DateTimeFormat | undefined;

/** The date in the browser's language, e.g. "November 25, 2026"; null when there is none. */
function formatLongDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  longDateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
  return longDateFormat.format(date);
}

/** A link whose contract expired, was declined or was withdrawn (issue 17). */
export function ClosedView({ view }: { view: EsignClosedView }) {
  switch (view.status) {
    case 'expired':
      // The spec's words for a dead link, exactly, and whom to ask for a new one.
      return (
        <StatusNotice icon={<IconLinkOff size={30} />} color="red" title="Invalid or Expired Link">
          <Text c="dimmed">
            This signature link is no longer valid. Please contact the sender for a new link.
          </Text>
          <CompanyContacts company={view} />
        </StatusNotice>
      );
    case 'declined': {
      const on = formatLongDate(view.closed_at);
      return (
        <StatusNotice icon={<IconCircleX size={30} />} color="gray" title="Contract Declined">
          <Text c="dimmed">
            You declined this contract{on ? ` on ${on}` : ''}. {view.company_name ?? 'The sender'}{' '}
            has been notified.
          </Text>
        </StatusNotice>
      );
    }
    case 'voided':
      return (
        <StatusNotice icon={<IconFileOff size={30} />} color="orange" title="Contract Withdrawn">
          <Text c="dimmed">
            This contract was withdrawn by {view.company_name ?? 'the sender'}.
          </Text>
          {view.closed_reason ? (
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              Reason: {view.closed_reason}
            </Text>
          ) : null}
          <CompanyContacts company={view} />
        </StatusNotice>
      );
  }
}
