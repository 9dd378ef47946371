// The pages our emails link to (/verify-email, /invitation) carry a single-use token as ?token=.
// It is read once and taken out of the address bar and history before anything else happens; kept
// here for this page load, so the page finds it again if it mounts a second time.
import { useState } from 'react';

let captured: { path: string; token: string } | null = null;

export function useEmailLinkToken(): string | null {
  const [token] = useState(() => {
    const url = new URL(window.location.href);
    const value = url.searchParams.get('token');
    if (value) {
      captured = { path: url.pathname, token: value };
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
      return value;
    }
    return captured?.path === url.pathname ? captured.token : null;
  });
  return token;
}
