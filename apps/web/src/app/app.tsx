import { createBrowserRouter, RouterProvider } from 'react-router';
import { capturePopupAuth } from '../features/auth/popup-auth';
import { captureWidgetHost } from '../features/widget/host';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

const queryClient = createQueryClient();
capturePopupAuth();
captureWidgetHost();
const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
