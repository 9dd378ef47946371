import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Room for findBy*/waitFor's 5 s (src/test/setup.ts) on a loaded machine, as the other projects have.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
