import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, Obj } from '../schema.js';

/**
 * API apps of the Kite Connect v3-compatible transport (docs/adr/0025-kite-compatible-transport.md;
 * docs/api.md, "Kite Connect v3-compatible API"): an investor's programs sign in through an app and
 * trade with its key. The secret is shown once, at creation and at rotation; only its hash is kept.
 */

export const API_APPS_MAX = 10;

const AppId = Type.String({ pattern: '^[0-9]{1,19}$' });

const ApiApp = Obj({
  id: AppId,
  name: Type.String(),
  redirectUrl: Type.String(),
  apiKey: Type.String(),
  createdAt: EpochMs,
  secretRotatedAt: Type.Union([EpochMs, Type.Null()]),
  book: Type.Union([Type.Literal('real'), Type.Literal('paper')], {
    description: 'paper: the app trades the investor’s paper account (docs/adr/0026-paper-trading.md)',
  }),
});

const ApiAppWithSecret = Obj({
  app: ApiApp,
  apiSecret: Type.String({ description: 'shown this once; only its hash is kept' }),
});

export const createApiApp = defineCall({
  path: 'apiApps/create',
  summary:
    'Creates an API app (a name and the redirect URL its sign-in returns to): answers its api_key and its api_secret, shown this once. Audited; the investor is told by a message.',
  body: Obj({
    name: Type.String({ minLength: 1, maxLength: 64 }),
    redirectUrl: Type.String({ minLength: 8, maxLength: 512 }),
    book: Type.Optional(
      Type.Union([Type.Literal('real'), Type.Literal('paper')], {
        description:
          'paper: a paper app, whose sessions trade the paper account (opened on first use); real by default',
      }),
    ),
  }),
  data: ApiAppWithSecret,
  auth: true,
  mutates: true,
});

export const listApiApps = defineCall({
  path: 'apiApps/list',
  summary: 'The investor’s API apps, oldest first (never their secrets).',
  body: Empty,
  data: Obj({ items: Type.Array(ApiApp) }),
  auth: true,
  mutates: false,
});

export const rotateApiAppSecret = defineCall({
  path: 'apiApps/rotateSecret',
  summary:
    'Replaces an app’s api_secret (answered this once): the old one stops working and the app’s sessions end. Audited and told by a message.',
  body: Obj({ id: AppId }),
  data: ApiAppWithSecret,
  auth: true,
  mutates: true,
});

export const deleteApiApp = defineCall({
  path: 'apiApps/delete',
  summary: 'Deletes an app: its key stops working and its sessions end. Audited and told by a message.',
  body: Obj({ id: AppId }),
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const apiAppCalls = [createApiApp, listApiApps, rotateApiAppSecret, deleteApiApp];
