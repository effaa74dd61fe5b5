import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

// The server's routes the dev server forwards; in production the server serves dist/ itself.
const backend = 'http://localhost:8088';
const proxied = ['/api', '/strata', '/login', '/logout', '/health'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The workspace libs are CommonJS builds; aliasing their TypeScript sources means no lib build is
    // needed for dev and Vite bundles them as ESM. Exact-match regexes so '@strata/domain/testing'
    // is never rewritten into a path below index.ts.
    alias: [
      { find: /^@strata\/events$/, replacement: here('../../libs/events/src/index.ts') },
      { find: /^@strata\/domain$/, replacement: here('../../libs/domain/src/index.ts') },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
      // The server refuses a socket whose Origin is not its own host (realtime/origin-check.ts): the page's
      // origin here is the dev server's, so the proxied handshake names the server's.
      '/socket.io': { target: backend, ws: true, changeOrigin: true, headers: { origin: backend } },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
