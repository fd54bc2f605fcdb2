import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/use-current-user';

const links = [
  { to: '/', label: 'Contracts' },
  { to: '/wizard', label: 'New Contract' },
  { to: '/templates', label: 'Templates' },
  { to: '/settings', label: 'Settings' },
] as const;

/** Top bar with the product name; on larger screens it carries the navigation. */
export function AppHeader() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const isSigningPage = pathname.startsWith('/esign/');
  const { data } = useCurrentUser({ enabled: !isSigningPage });
  const signedIn = Boolean(data?.user) && !isSigningPage;

  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="md">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={800} c="blue.8" size="lg" component="span">
            TradeSign
          </Text>
          {signedIn && (
            <Group component="nav" aria-label="Sections" gap="lg" visibleFrom="sm">
              {links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} c="dark" fw={500} size="sm">
                  {link.label}
                </Anchor>
              ))}
            </Group>
          )}
        </Group>
      </Container>
    </Box>
  );
}
