import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ConsoleProviders } from '../app/ConsoleProviders';
import { createConsoleQueryClient } from '../app/query-client';
import { consoleRoutes } from '../app/routes';

/** Renders one component inside the console's providers. */
export function renderWithProviders(element: ReactElement) {
  return render(<ConsoleProviders queryClient={createConsoleQueryClient()}>{element}</ConsoleProviders>);
}

/** Renders the whole console at a route, with an in-memory router instead of the hash. */
export function renderConsoleAt(path: string) {
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [path] });
  const view = render(
    <ConsoleProviders queryClient={createConsoleQueryClient()}>
      <RouterProvider router={router} />
    </ConsoleProviders>,
  );
  return { ...view, router };
}
