// The rules of the Mantine components the app uses (vite.config.ts builds it from web/src).
import 'virtual:mantine-styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFound } from './components/not-found';
import { PAGE_SCROLLER_ID } from './components/page-scroll';
import { followConnection } from './lib/connection';
import { keepQueries } from './lib/persisted-queries';
import { queryClient } from './lib/query-client';
import { cssVariablesResolver, theme } from './lib/theme';
import { routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
  // On a phone the page scrolls in its own box (app-frame.module.css), not the window.
  scrollToTopSelectors: [`#${PAGE_SCROLLER_ID}`],
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lost its #root element');

const root = createRoot(rootElement);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for one long task.
const renderApp = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
        >
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );

// Issue 40: the phone keeps what the app last saw, to open with it in a basement.
followConnection();
keepQueries(queryClient);
renderApp();
void import('./lib/service-worker'); // The installable app's worker (lib/service-worker.ts).
