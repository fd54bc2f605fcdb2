import { Box, Container } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppHeader } from '../components/app-header';
import { BottomNav } from '../components/bottom-nav';

/**
 * What every route's beforeLoad and loader receive. The tRPC proxy is not in it on purpose: route
 * options other than the component load with the app's entry, and the public pages must not
 * download the tRPC client; code there that needs it imports it lazily (see currentUserQuery).
 */
export interface RouterContext {
  queryClient: QueryClient;
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
