import { SESSION_HINT_COOKIE } from '@knap/contracts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetConnection } from '../lib/connection';

// findBy* and waitFor wait 5 s, not 1 s: on a loaded 2-core machine (CI runs the server's suites
// beside these) a screen has taken over a second to show what it shows at once when idle. A wrong
// screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetConnection();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});
