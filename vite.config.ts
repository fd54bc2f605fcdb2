import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkContents } from './scripts/vite/chunk-contents.js';
import { mantineStylesInUse } from './scripts/vite/mantine-styles-in-use.js';
import { precompress } from './scripts/vite/precompress.js';
import { preloadFirstScreen } from './scripts/vite/preload-first-screen.js';
import { signingOnlyFiles } from './scripts/vite/signing-only-files.js';

const webRoot = path.resolve(import.meta.dirname, 'web');

/** What the signing page (web/signing.html) loads besides React. */
const SIGNING_ISLAND_MODULES =
  /web[\\/]signing\.html|web[\\/]src[\\/]signing[\\/]|signing-island\.ts|signature_pad|resize-canvas/;

const signingOnly = signingOnlyFiles();

/**
 * Addresses the service worker never answers with the app's shell: the API, the signing page
 * (server HTML, never from a cache: docs/research/040-offline-drafting.md section 6) and the
 * pages whose URL holds a secret (SECRET_URL_PAGES in src/lib/web-app.ts, and an invitation's
 * /join/ link). With no runtime caching, these go to the network untouched.
 */
const NOT_THE_APP_SHELL = [
  /^\/api\//,
  /^\/trpc\//,
  /^\/esign\//,
  /^\/reset-password\//,
  /^\/verify-email\//,
  /^\/confirm-email\//,
  /^\/join\//,
];

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
    signingOnly.plugin,
    // The installable app (issue 40, docs/research/040-offline-drafting.md sections 1 and 6).
    VitePWA({
      strategies: 'generateSW',
      // A new version waits until the app is next opened: no skipWaiting, no clientsClaim, so a
      // contract being written is never reloaded under the contractor's thumb.
      registerType: 'prompt',
      // The Content-Security-Policy allows no inline script: web/src/lib/service-worker.ts
      // registers the worker.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'TradeSign',
        short_name: 'TradeSign',
        description: 'Write, sign and send contracts from the job site.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // The app's primary colour (web/src/lib/theme.ts: blue, shade 8) and its page background.
        theme_color: '#1864ab',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      // The plugin precaches the manifest and its icons itself; iOS reads this one from index.html.
      includeAssets: ['apple-touch-icon.png'],
      workbox: {
        // Not the .br and .gz copies (precompress): the server picks those per request.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // The signing page is server HTML; its island is not the app's.
        globIgnores: ['signing.html'],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => !signingOnly.has(entry.url)),
            warnings: [],
          }),
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: NOT_THE_APP_SHELL,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: false,
        // No runtimeCaching: the worker never stores an API answer; a phone's data lives in
        // IndexedDB, per account.
      },
      devOptions: { enabled: false },
    }),
    // After the service worker is written, so sw.js and workbox-*.js get their .br and .gz.
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
