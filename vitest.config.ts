import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/fakes', 'apps/server', 'apps/web'],
  },
});
