import { Button, Group } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';

const pages = [
  { to: '/settings/branding', label: 'Branding' },
  { to: '/settings/legal', label: 'Legal' },
  { to: '/settings/reminders', label: 'Reminders & alerts' },
  { to: '/settings/api', label: 'API' },
] as const;

/** Moves between the settings pages; the bottom bar's Settings lands on Branding. */
export function SettingsNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Group component="nav" aria-label="Settings" gap="xs">
      {pages.map((page) => {
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
