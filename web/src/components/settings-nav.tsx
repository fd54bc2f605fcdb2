import { Button, Group } from '@mantine/core';
import {
  IconApi,
  IconBell,
  IconBuildingStore,
  IconCreditCard,
  IconScale,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';

/**
 * Every settings page, in the order both the settings index (/settings) and the row of tabs
 * above each page show them: a new page is one more entry here.
 */
export const settingsSections = [
  {
    to: '/settings/branding',
    label: 'Branding',
    description: 'Your logo and company details, as clients see them on contracts',
    icon: IconBuildingStore,
  },
  {
    to: '/settings/legal',
    label: 'Legal',
    description: 'The legal acknowledgment, accepted once before you send contracts',
    icon: IconScale,
  },
  {
    to: '/settings/reminders',
    label: 'Reminders & alerts',
    description: 'Automatic reminders to clients, and the email when a client opens a contract',
    icon: IconBell,
  },
  // Issue 35: the team.
  {
    to: '/settings/team',
    label: 'Team',
    description: 'The people of your company, their roles, and invitations to join',
    icon: IconUsers,
  },
  // Issue 36, settings.
  {
    to: '/settings/payments',
    label: 'Payments',
    description: 'Your Stripe account, so clients can pay deposits and stages online',
    icon: IconCreditCard,
  },
  {
    to: '/settings/api',
    label: 'API',
    description: 'Keys and webhooks that connect your other tools to your contracts',
    icon: IconApi,
  },
  {
    to: '/settings/security',
    label: 'Security',
    description: 'Your password, your signed-in devices, and who signed in from where',
    icon: IconShieldLock,
  },
] as const;

/** Moves between the settings pages; Settings in the header and the bottom bar lands on the index. */
export function SettingsNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Group component="nav" aria-label="Settings" gap="xs">
      {settingsSections.map((page) => {
        const active = pathname === page.to;
        return (
          <Button
            key={page.to}
            component={Link}
            to={page.to}
            size="compact-md"
            variant={active ? 'filled' : 'default'}
            aria-current={active ? 'page' : undefined}
          >
            {page.label}
          </Button>
        );
      })}
    </Group>
  );
}
