import { createBrowserRouter, RouterProvider } from 'react-router';
import { capturePopupAuth } from '../features/auth/popup-auth';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

const queryClient = createQueryClient();
capturePopupAuth();
const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
