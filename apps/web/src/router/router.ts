import { createHashRouter } from 'react-router';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createHashRouter>;

let router: AppRouter | undefined;

/**
 * The app's router, made on first use rather than when this module loads: making it matches the URL
 * and starts loading the screen's code, which start-up (main.tsx) runs as a step of its own so that
 * no single task does everything at once.
 */
export function getRouter(): AppRouter {
  router ??= createHashRouter(routes);
  return router;
}
