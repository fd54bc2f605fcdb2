import { Box, Container } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import classes from '../components/app-frame.module.css';
import { AppHeader } from '../components/app-header';
import { BottomNav } from '../components/bottom-nav';
import { PAGE_SCROLLER_ID } from '../components/page-scroll';
import { ToastHost } from '../components/toast-host';

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
    <div className={classes.frame}>
      <div
        id={PAGE_SCROLLER_ID}
        data-scroll-restoration-id={PAGE_SCROLLER_ID}
        className={classes.page}
      >
        <AppHeader />
        <Box component="main" pb={40}>
          <Container size="md" pt="md">
            <Outlet />
          </Container>
        </Box>
      </div>
      <ToastHost />
      <BottomNav />
    </div>
  );
}
