import { Box, Container } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppHeader } from '../components/app-header';
import { BottomNav } from '../components/bottom-nav';
import type { Trpc } from '../lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <AppHeader />
      {/* Bottom padding keeps the last button above the phone navigation bar. */}
      <Box component="main" pb={{ base: 96, sm: 40 }}>
        <Container size="md" pt="md">
          <Outlet />
        </Container>
      </Box>
      <BottomNav />
    </>
  );
}
