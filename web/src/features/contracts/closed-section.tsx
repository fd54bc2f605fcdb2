import { Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCards, sectionTitles } from './section-cards';
import classes from './contract-card.module.css';

/**
 * Declined and withdrawn contracts, folded away below Completed: they are done with, so they
 * stay out of the way, and their cards load only when the contractor opens the section.
 */
export function ClosedSection({
  count,
  mine,
  paymentDue,
}: {
  count: number;
  mine: boolean;
  paymentDue: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const title = sectionTitles.closed;
  const Chevron = opened ? IconChevronDown : IconChevronRight;
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        <UnstyledButton
          className={classes.disclosure}
          aria-expanded={opened}
          aria-controls="closed-contracts"
          onClick={() => setOpened((value) => !value)}
        >
          <Group gap={6} wrap="nowrap">
            <Chevron size={20} aria-hidden />
            <span>
              {title} ({count})
            </span>
          </Group>
        </UnstyledButton>
      </Title>
      <div id="closed-contracts" hidden={!opened}>
        {opened && (
          <Stack gap="sm">
            <SectionCards section="closed" count={count} mine={mine} paymentDue={paymentDue} />
          </Stack>
        )}
      </div>
    </Stack>
  );
}
