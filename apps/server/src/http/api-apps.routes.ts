import { createApiApp, deleteApiApp, listApiApps, rotateApiAppSecret } from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { createApiApp as createApiAppUseCase } from '../use-cases/api-apps/create-api-app.js';
import { deleteApiApp as deleteApiAppUseCase } from '../use-cases/api-apps/delete-api-app.js';
import { listApiApps as listApiAppsUseCase } from '../use-cases/api-apps/list-api-apps.js';
import { rotateApiAppSecret as rotateApiAppSecretUseCase } from '../use-cases/api-apps/rotate-api-app-secret.js';
import { registerCall } from './register-call.js';

/** API apps of the Kite-compatible transport (docs/adr/0025-kite-compatible-transport.md). */
export function registerApiAppRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Replies carrying a secret are never stored for replay.
  registerCall(app, deps, createApiApp, (body, context) => createApiAppUseCase(deps, context, body), {
    replayable: false,
  });
  registerCall(app, deps, listApiApps, (_body, context) => listApiAppsUseCase(deps, context, {}));
  registerCall(
    app,
    deps,
    rotateApiAppSecret,
    (body, context) => rotateApiAppSecretUseCase(deps, context, body),
    {
      replayable: false,
    },
  );
  registerCall(app, deps, deleteApiApp, (body, context) => deleteApiAppUseCase(deps, context, body));
}
