import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { hasKnap } from '../api';
import { fetchKnaps, useKnapStore } from '../store';

export interface KnapGateProps {
  /** The knap the user must have, e.g. 'Prospecting' (see KNAP_GATED_ROUTES). */
  knap: string;
  children: ReactNode;
}

/** Renders a knap's page only for users who have that knap; everyone else goes back to chat. */
export function KnapGate({ knap, children }: KnapGateProps) {
  const status = useKnapStore((s) => s.status);
  const knaps = useKnapStore((s) => s.knaps);
  useEffect(() => {
    void fetchKnaps();
  }, []);

  if (status === 'idle' || status === 'loading') {
    return (
      <div className="flex h-full items-center justify-center p-8">
        <Spinner label="Checking knap access..." showLabel />
      </div>
    );
  }
  if (!hasKnap(knaps, knap)) return <Navigate to="/chat" replace />;
  return children;
}
