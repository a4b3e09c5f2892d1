import { endKiteSession } from '../../use-cases/kite/end-kite-session.js';
import { openKiteSession, renewKiteSession } from '../../use-cases/kite/open-kite-session.js';
import { optionalText, requiredText } from './kite-fields.js';
import { type KiteTransport, kitePublicRoute } from './kite-route.js';

/** The session calls (reference §1): token, refresh, logout. */
export function registerKiteSessionRoutes(transport: KiteTransport): void {
  const { deps } = transport;
  kitePublicRoute(transport, 'POST', '/session/token', async ({ context, fields }) =>
    openKiteSession(deps, context, {
      apiKey: requiredText(fields, 'api_key'),
      requestToken: requiredText(fields, 'request_token'),
      checksum: requiredText(fields, 'checksum'),
    }),
  );
  kitePublicRoute(transport, 'POST', '/session/refresh_token', async ({ context, fields }) =>
    renewKiteSession(deps, context, {
      apiKey: requiredText(fields, 'api_key'),
      refreshToken: requiredText(fields, 'refresh_token'),
      checksum: requiredText(fields, 'checksum'),
    }),
  );
  kitePublicRoute(transport, 'DELETE', '/session/token', async ({ context, fields }) =>
    endKiteSession(deps, context, {
      apiKey: requiredText(fields, 'api_key'),
      accessToken: optionalText(fields, 'access_token'),
      refreshToken: optionalText(fields, 'refresh_token'),
    }),
  );
}
