import { ERR } from '@knap/contracts';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { reloadPage } from '../../lib/navigation';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';
import { ErrorPanel } from './error-panel';
import { reportError } from './error-reporting';

interface RootErrorBoundaryState {
  error: Error | null;
}

/** Last line of defence, outside the router and providers: it must not depend on either. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, RootErrorBoundaryState> {
  override state: RootErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): RootErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    if (isChunkLoadError(error)) reloadOnceForChunkError();
    else reportError(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorPanel title={ERR.unexpected} action={<Button onClick={reloadPage}>Refresh Page</Button>} />;
  }
}
