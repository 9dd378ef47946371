import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on :3000 in development; proxying keeps the browser on one origin, like production,
// so the httpOnly refresh cookie and same-origin postMessage checks behave the same in both.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: true, ws: true };
// SPEC §7's meeting calls have no /api prefix.
const proxy = { '/api': api, '/user-meetings': api, '/meeting/': api };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Maps for error reporting, without advertising them to every visitor via sourceMappingURL, and
    // without the sources (positions and names are enough beside a checkout). The server never
    // serves them either (apps/server/src/platform/web.ts).
    sourcemap: 'hidden',
    rolldownOptions: { output: { sourcemapExcludeSources: true } },
  },
});
