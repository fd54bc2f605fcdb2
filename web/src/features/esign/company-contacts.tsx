import { Anchor, Text } from '@mantine/core';
import type { EsignClosedView } from './esign-api';

type Company = Pick<EsignClosedView, 'company_name' | 'company_phone' | 'company_email'>;

/** "Contact <company>: <phone> · <email>" as links, with only what the company gave; else nothing. */
export function CompanyContacts({ company }: { company: Company }) {
  const phone = company.company_phone?.trim();
  const email = company.company_email?.trim();
  if (!phone && !email) return null;

  return (
    <Text>
      Contact {company.company_name ?? 'the sender'}:{' '}
      {phone ? (
        <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} style={{ whiteSpace: 'nowrap' }}>
          {phone}
        </Anchor>
      ) : null}
      {phone && email ? ' · ' : null}
      {email ? (
        <Anchor href={`mailto:${email}`} style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Anchor>
      ) : null}
    </Text>
  );
}
