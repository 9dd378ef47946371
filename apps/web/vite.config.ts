import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on :3000 in development; proxying keeps the browser on one origin, like production,
// so the httpOnly refresh cookie and same-origin postMessage checks behave the same in both.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: true, ws: true };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy: { '/api': api } },
  preview: { port: 4173, proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Maps for error reporting, without advertising them to every visitor via sourceMappingURL.
    sourcemap: 'hidden',
  },
});
