import { useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { ConsoleProviders } from './ConsoleProviders';
import { createConsoleQueryClient } from './query-client';
import { consoleRoutes } from './routes';

export function ConsoleApp() {
  const [queryClient] = useState(createConsoleQueryClient);
  const [router] = useState(() => createHashRouter(consoleRoutes));
  return (
    <ConsoleProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </ConsoleProviders>
  );
}
