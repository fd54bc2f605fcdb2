import { Box, Group, UnstyledButton, Text } from '@mantine/core';
import { IconFileText, IconHome, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/use-current-user';
import classes from './bottom-nav.module.css';
import { isBottomNavHidden } from './bottom-nav-visibility';

const items = [
  { to: '/', label: 'Home', icon: IconHome },
  { to: '/wizard', label: 'New', icon: IconPlus },
  { to: '/templates', label: 'Templates', icon: IconFileText },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const;

/** The phone-only bottom navigation; larger screens use the header links. */
export function BottomNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const hiddenByPath = isBottomNavHidden(pathname, true);
  // The signing page never asks who is signed in: it is for the homeowner.
  const { data } = useCurrentUser({ enabled: !hiddenByPath });
  if (isBottomNavHidden(pathname, Boolean(data?.user))) return null;

  return (
    <Box component="nav" aria-label="Main" hiddenFrom="sm" className={classes.bar}>
      <Group grow gap={0} h="100%">
        {items.map((item) => {
          const active =
            item.to === '/'
              ? pathname === '/'
              : pathname === item.to || pathname.startsWith(`${item.to}/`);
          return (
            <UnstyledButton
              key={item.to}
              component={Link}
              to={item.to}
              className={classes.item}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
            >
              <item.icon size={22} stroke={1.8} aria-hidden />
              <Text size="xs" fw={600} component="span">
                {item.label}
              </Text>
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
