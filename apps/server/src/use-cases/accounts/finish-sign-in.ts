import type { AppDeps, RequestContext } from '../../application/context.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { recordDevice } from '../../repositories/second-factor.repository.js';
import { sha256Hex } from '../../security/tokens.js';
import { auditAct } from '../audit/audit-act.js';
import { openSessionFor } from './open-session.js';

/** The device a sign-in comes from: the app's own device id when it sends one, else the browser. */
export interface SignInDevice {
  hash: string;
  label: string;
}

export function signInDeviceOf(context: RequestContext, deviceId: string | undefined): SignInDevice {
  const agent = context.userAgent?.trim().slice(0, 120) || 'unknown browser';
  return {
    hash: sha256Hex(deviceId ? `device:${deviceId}` : `agent:${agent}`),
    label: agent,
  };
}

/**
 * Opens the session of a sign-in that passed every check (password, and the second factor when
 * the investor has one), audits it, and tells the investor when it comes from a device they never
 * signed in from (docs/adr/0022-investor-two-factor.md).
 */
export async function finishSignIn(
  deps: AppDeps,
  context: RequestContext,
  input: {
    userId: bigint;
    phone: string;
    device: SignInDevice;
    secondFactor?: 'totp' | 'recovery' | 'passkey';
  },
): Promise<{ token: string; account: string }> {
  const { session, message } = await deps.db.transaction().execute(async (trx) => {
    const session = await openSessionFor(trx, deps, context, input.userId);
    await auditAct(trx, { type: 'user', id: input.userId }, context, {
      action: 'user.login',
      target: { type: 'session', id: session.id },
      ...(input.secondFactor ? { after: { secondFactor: input.secondFactor } } : {}),
    });
    const isNewDevice = await recordDevice(trx, {
      userId: input.userId,
      deviceHash: input.device.hash,
      atMs: context.nowMs,
    });
    const message = isNewDevice
      ? await insertUserMessage(trx, {
          userId: input.userId,
          kind: 'NEW_DEVICE_SIGN_IN',
          params: { device: input.device.label, ip: context.ip },
          dedupeKey: `sign-in:${session.id}:new-device`,
          atMs: context.nowMs,
        })
      : null;
    return { session, message };
  });
  publishMessage(deps.userEvents, message);
  return { token: session.token, account: input.phone };
}
