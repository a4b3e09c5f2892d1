import { Navigate, type RouteObject } from 'react-router';
import { AppShell } from '../app/shell/app-shell';
import { RouteError } from '../app/shell/route-error';
import { StartupSplash } from '../components/startup-splash';
import type { RouteHandle } from '../lib/route-handle';
import { lazyScreen } from './lazy-screen';
import { notFoundScreen, SCREEN_ROUTES, type ScreenRoute } from './screen-routes';

export { SCREEN_ROUTES, type ScreenRoute } from './screen-routes';

function toRouteObject({ path, load, ...handle }: ScreenRoute): RouteObject {
  return { path, handle, lazy: lazyScreen(load) };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <StartupSplash />,
    children: [
      {
        index: true,
        handle: { titleKey: 'route.login.start', isPublic: true } satisfies RouteHandle,
        element: <Navigate to="/login/start" replace />,
      },
      ...SCREEN_ROUTES.map(toRouteObject),
      {
        path: '*',
        handle: { titleKey: 'route.notFound', isPublic: true } satisfies RouteHandle,
        lazy: lazyScreen(notFoundScreen),
      },
    ],
  },
];
