import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkContents } from './scripts/vite/chunk-contents.js';
import { mantineStylesInUse } from './scripts/vite/mantine-styles-in-use.js';
import { precompress } from './scripts/vite/precompress.js';
import { preloadFirstScreen } from './scripts/vite/preload-first-screen.js';

const webRoot = path.resolve(import.meta.dirname, 'web');

/** What the signing page (web/signing.html) loads besides React. */
const SIGNING_ISLAND_MODULES =
  /web[\\/]signing\.html|web[\\/]src[\\/]signing[\\/]|signing-island\.ts|signature_pad|resize-canvas/;

/** The web app lives in web/ and builds to web/dist, which the Fastify process serves. */
export default defineConfig({
  root: webRoot,
  plugins: [
    // File routes, each route its own chunk: the signing page must not load the wizard.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(webRoot, 'src/routes'),
      generatedRouteTree: path.join(webRoot, 'src/routeTree.gen.ts'),
    }),
    react(),
    mantineStylesInUse(),
    preloadFirstScreen(),
    chunkContents(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@domain', replacement: path.resolve(import.meta.dirname, 'src/domain') },
      // Every `from 'zod'` gets zod configured for our CSP (web/src/lib/zod.ts explains).
      { find: /^zod$/, replacement: path.join(webRoot, 'src/lib/zod.ts') },
    ],
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself; the polyfill, a module both pages
    // would share, would pull the app's first chunk into the signing page.
    modulePreload: { polyfill: false },
    // Each round trip costs a phone ~150 ms: the code every screen needs is one chunk, and each
    // screen's own code (with what it shares with other screens, copied in) one more. Copies
    // mean a module shared by screens runs once per screen chunk, so state shared between
    // screens lives in the entry's modules or a lazily imported module of its own (lib/trpc).
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      // The app, and the signing page's island (web/signing.html, issue 20), which shares only
      // React with it.
      input: {
        main: path.join(webRoot, 'index.html'),
        signing: path.join(webRoot, 'signing.html'),
      },
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // React in one chunk of its own, shared by the app and the signing page's island. The
          // app's first chunk takes every other module the app needs at once, but none that only
          // the island loads: the island must never pull in the app's chunk (issue 20's budget).
          groups: [
            // Vite's helper for dynamic imports, which both use (the island is one): the app's
            // chunk must not be where the signing page finds it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'app',
              tags: ['$initial'],
              test: (id: string) => !SIGNING_ISLAND_MODULES.test(id),
              priority: 1,
            },
          ],
          experimentalInlineCommonChunks: { maxSize: 100 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/trpc': 'http://127.0.0.1:3000',
    },
  },
});
