import { SESSION_HINT_COOKIE } from '@knap/contracts';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetConnection } from '../lib/connection';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetConnection();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});
