import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import path from 'node:path';

/**
 * Two builds (docs/web-public-pages.md): the browser app (`vite build`, dist/apps/web) and the server entry that the
 * gateway renders public pages with (`vite build --ssr src/ssr/entry-server.tsx`, dist/apps/web-ssr).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // loaders are split too: a route's entry in the route tree is only its path and search validation, so the
      // first load of a public page carries no code of the member and admin pages
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
  ],
  ssr: { noExternal: [/^@registrar\//] },
  build: isSsrBuild
    ? { outDir: path.resolve(import.meta.dirname, '../../dist/apps/web-ssr'), emptyOutDir: true, rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } } }
    : {
        outDir: path.resolve(import.meta.dirname, '../../dist/apps/web'),
        emptyOutDir: true,
        chunkSizeWarningLimit: 1500,
        // one stylesheet for every page, linked by index.html: a server-rendered page is styled from its first paint
        // (with or without JavaScript), and nothing moves when a route's code arrives
        cssCodeSplit: false,
        rolldownOptions: {
          // the workspace's own modules have no side effects at import time (styles aside): a route that imports one
          // function of a feature module (its search validation, kept in the first load) does not bring the module's
          // components, queries and messages with it
          treeshake: { moduleSideEffects: (id: string) => (/[\\/](apps[\\/]web[\\/]src|libs[\\/][^\\/]+[\\/]src)[\\/].*\.tsx?$/.test(id) && !/[\\/]main\.tsx$/.test(id) ? false : undefined) },
          output: {
            // a few long-lived vendor chunks instead of a hundred small ones (each a request on a phone's first load)
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
                // everything else the entry needs before it runs (layout, session, API client, the Mantine parts of the
                // header and footer): one chunk, rather than one per module shared with some member page
                { name: 'shell', tags: ['$initial'] },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '^/(?!src|@|node_modules|assets).*': { target: 'http://localhost:8080', bypass: (req) => (req.headers.accept?.includes('text/html') && !req.headers['x-requested-with'] ? '/index.html' : undefined) } },
  },
}));
