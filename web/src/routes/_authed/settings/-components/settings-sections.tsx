import { Badge, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { settingsSections } from '../../../../components/settings-nav';
import { useAcknowledgmentMissing } from '../../../../features/legal/use-acknowledgment';
import classes from './settings-sections.module.css';

type Section = (typeof settingsSections)[number];

/** The settings pages as a list of cards, one link each: the settings index. */
export function SettingsSections() {
  return (
    <ul className={classes.list} aria-label="Settings sections">
      {settingsSections.map((section) => (
        <li key={section.to}>
          <SectionLink section={section} />
        </li>
      ))}
    </ul>
  );
}

function SectionLink({ section }: { section: Section }) {
  // The link is named by its label alone; the description is read after it.
  const descriptionId = useId();
  return (
    <Link
      to={section.to}
      className={classes.sectionLink}
      aria-label={section.label}
      aria-describedby={descriptionId}
    >
      <Card withBorder padding="md">
        <Group wrap="nowrap" gap="md">
          <ThemeIcon variant="light" size="xl" radius="md" aria-hidden>
            <section.icon size={24} stroke={1.8} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700}>{section.label}</Text>
            <Text size="sm" c="dimmed" id={descriptionId}>
              {section.description}
              {section.to === '/settings/legal' && <LegalStatus />}
            </Text>
          </div>
          <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
      </Card>
    </Link>
  );
}

/** Whether the acknowledgment that sending needs is done; nothing while that is loading. */
function LegalStatus() {
  const missing = useAcknowledgmentMissing();
  if (!missing) return null;
  return (
    <>
      {' '}
      <Badge
        component="span"
        color="yellow"
        variant="light"
        mt={4}
        style={{ display: 'block', width: 'fit-content' }}
      >
        Needed before you send
      </Badge>
    </>
  );
}
