import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';
import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const PUBLIC_ENTRY = path.resolve(import.meta.dirname, 'public.html');
// the entries' own modules (the HTML pages and the scripts they start) stay in their entry chunks
const ownShellModule = (id: string) => !/([\\/]src[\\/](public-)?main\.tsx|\.html)(\?.*)?$/.test(id) && !/[\\/]libs[\\/][^\\/]+[\\/]src[\\/]/.test(id);
const graphs = new Map<string, Set<string>>();
/** The modules `entry` imports statically, directly or not (once per build). */
function staticGraph(ctx: ChunkingContext, entry: string): Set<string> {
  let seen = graphs.get(entry);
  if (seen) return seen;
  seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  graphs.set(entry, seen);
  return seen;
}

/**
 * Each script, stylesheet and SVG of the browser build also written compressed, with Brotli at its highest quality
 * (`<file>.br`) and gzip (`<file>.gz`), which the gateway sends to browsers that accept them
 * (libs/gateway/src/spa/precompressed.ts): ~14% fewer bytes than the Brotli the compression middleware can afford per
 * request (quality 4), at no cost per request.
 */
function precompress(): Plugin {
  return {
    name: 'registrar:precompress',
    apply: (_config, env) => !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = [...Object.keys(bundle), 'boot.js', 'favicon.svg'].filter((f) => /\.(js|css|svg)$/.test(f) && fs.existsSync(path.join(dir, f)));
      await Promise.all(files.map(async (f) => {
        const body = await fs.promises.readFile(path.join(dir, f));
        const br = await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
        if (br.length < body.length) await fs.promises.writeFile(path.join(dir, `${f}.br`), br);
        const gz = await gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION });
        if (gz.length < body.length) await fs.promises.writeFile(path.join(dir, `${f}.gz`), gz);
      }));
    },
  };
}

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
    precompress(),
  ],
  ssr: { noExternal: [/^@registrar\//] },
  build: isSsrBuild
    ? { outDir: path.resolve(import.meta.dirname, '../../dist/apps/web-ssr'), emptyOutDir: true, rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } } }
    : {
        outDir: path.resolve(import.meta.dirname, '../../dist/apps/web'),
        emptyOutDir: true,
        chunkSizeWarningLimit: 1500,
        // every browser the app supports has module preloads (Chrome 66, Safari 17, Firefox 115): no polyfill in the
        // first load
        modulePreload: { polyfill: false },
        // one stylesheet for every page, linked by index.html: a server-rendered page is styled from its first paint
        // (with or without JavaScript), and nothing moves when a route's code arrives
        cssCodeSplit: false,
        rolldownOptions: {
          // two entries: the whole app (index.html, the member and admin pages' shell) and the public pages' (public.html:
          // the page a server-rendered public page starts, with the public routes only; docs/web-public-pages.md)
          input: { index: path.resolve(import.meta.dirname, 'index.html'), public: path.resolve(import.meta.dirname, 'public.html') },
          // the workspace's own modules have no side effects at import time (styles aside): a route that imports one
          // function of a feature module (its search validation, kept in the first load) does not bring the module's
          // components, queries and messages with it
          treeshake: { moduleSideEffects: (id: string) => (/[\\/](apps[\\/]web[\\/]src|libs[\\/][^\\/]+[\\/]src)[\\/].*\.tsx?$/.test(id) && !/[\\/]main\.tsx$/.test(id) ? false : undefined) },
          output: {
            // a few long-lived vendor chunks instead of a hundred small ones (each a request on a phone's first load)
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                // only the TanStack modules every page needs (the router, queries, hydration); mutations, infinite and
                // parallel queries come with the member pages that use them
                { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, tags: ['$initial'], priority: 2 },
                // everything else the entry needs before it runs (layout, session, API client, the Mantine parts of the
                // header and footer): one chunk, rather than one per module shared with some member page
                // the public entry's static graph in one chunk, and what only the whole app's entry adds (the member and
                // admin routes' entries) in another: a public page does not fetch the latter
                // (the libraries' modules are left to the bundler, which places them by their use after tree-shaking: a
                // barrel import of @registrar/rules names every rule module, used or not)
                { name: (id: string, ctx: ChunkingContext) => (staticGraph(ctx, PUBLIC_ENTRY).has(id) ? 'shell' : null), debugName: 'shell', test: ownShellModule, tags: ['$initial'] },
                { name: 'app-shell', test: ownShellModule, tags: ['$initial'] },
                // Mantine's small shared helpers (hooks, context and style utilities) in one chunk, rather than a request
                // of its own each (~10 on the top page, each costing its response headers and a round of the queue)
                { name: 'mantine-common', test: /node_modules[\\/]@mantine[\\/](hooks[\\/]|core[\\/]esm[\\/](core|utils)[\\/])/, minShareCount: 20 },
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
