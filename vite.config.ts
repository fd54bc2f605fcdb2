import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = path.resolve(import.meta.dirname, 'web');

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
  ],
  resolve: {
    alias: { '@domain': path.resolve(import.meta.dirname, 'src/domain') },
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
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
