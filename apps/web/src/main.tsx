import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startErrorReporting } from './app/errors/error-reporting';
import { RootErrorBoundary } from './app/errors/root-error-boundary';
import { applyTheme, readStoredTheme, resolveTheme } from './app/theme/theme';

// Before the first render, so a dark-theme user never sees a white flash.
applyTheme(resolveTheme(readStoredTheme()));
// Only when the server names a DSN (SENTRY_DSN); its SDK is a chunk of its own.
startErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
