import { ERR } from '@knap/contracts';
import { useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { DelayedSpinner } from '../../components/ui/delayed-spinner';
import { useCurrentUser } from '../../features/auth/store';
import { onReconnect, serverAnswers } from '../../lib/connection';
import { hardNavigate, reloadPage } from '../../lib/navigation';
import { CONNECTION_COPY } from '../connection/copy';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';
import { ErrorPanel } from './error-panel';
import { reportError } from './error-reporting';

const ERROR_TOAST_ID = 'route-error';

function technicalMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error element: everything thrown while loading or rendering a route lands here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const user = useCurrentUser();
  const [isReloading, setIsReloading] = useState(() => isChunkLoadError(error));
  // A screen's code could not be fetched because the server is away: reloading would only show the
  // browser's own error page. The panel waits, and the page reloads once the server answers.
  const [isServerAway, setIsServerAway] = useState(false);
  const reloadAttempted = useRef(false);

  useEffect(() => {
    if (!isChunkLoadError(error) || reloadAttempted.current) return;
    reloadAttempted.current = true;
    void serverAnswers().then((answers) => {
      if (answers) setIsReloading(reloadOnceForChunkError());
      else {
        setIsServerAway(true);
        setIsReloading(false);
      }
    });
  }, [error]);

  useEffect(() => (isServerAway ? onReconnect(reloadPage) : undefined), [isServerAway]);

  useEffect(() => {
    if (isReloading || isServerAway) return;
    console.error(error);
    // A 404 of a loader is an answer, not a fault of the app.
    if (!isRouteErrorResponse(error)) reportError(error);
    // A fixed id makes sonner update one toast instead of stacking copies on re-renders.
    toast.error(ERR.generic, { id: ERROR_TOAST_ID });
  }, [error, isReloading, isServerAway]);

  if (isReloading) return <DelayedSpinner fullScreen label="Reloading" />;
  if (isServerAway)
    return (
      <ErrorPanel
        title={CONNECTION_COPY.screenTitle}
        message={CONNECTION_COPY.screenBody}
        action={
          // The server answering again is a reconnect, which reloads the page (above).
          <Button onClick={() => void serverAnswers()}>{CONNECTION_COPY.tryAgain}</Button>
        }
      />
    );

  // Only first-party staff see internals; customers get a plain instruction.
  const message = user?.is_first_party ? technicalMessage(error) : ERR.pleaseReload;
  return (
    <ErrorPanel
      title={ERR.somethingWentWrong}
      message={message}
      action={<Button onClick={() => hardNavigate('/chat')}>Reload</Button>}
    />
  );
}
