import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import path from 'node:path';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }), react()],
  build: { outDir: path.resolve(import.meta.dirname, '../../dist/apps/web'), emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '^/(?!src|@|node_modules|assets).*': { target: 'http://localhost:8080', bypass: (req) => (req.headers.accept?.includes('text/html') && !req.headers['x-requested-with'] ? '/index.html' : undefined) } },
  },
});
