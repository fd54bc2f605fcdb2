import { Stack, Title } from '@mantine/core';
import type { ContractSection as SectionName } from '@domain/contract-list.schemas';
import { SectionCards, sectionTitles } from './section-cards';

/** One open section of the contracts screen: its heading with the count, then its cards. */
export function ContractSection({
  section,
  count,
  mine,
  paymentDue,
}: {
  section: SectionName;
  count: number;
  mine: boolean;
  paymentDue: boolean;
}) {
  const title = sectionTitles[section];
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title} ({count})
      </Title>
      <SectionCards section={section} count={count} mine={mine} paymentDue={paymentDue} />
    </Stack>
  );
}
