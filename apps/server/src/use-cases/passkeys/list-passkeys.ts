import type { DataOf, passkeyList } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { listPasskeys, type PasskeyRecord } from '../../repositories/passkey.repository.js';
import { PASSKEYS_PER_INVESTOR_MAX } from './passkey-rules.js';

export const passkeyView = (passkey: PasskeyRecord) => ({
  id: String(passkey.id),
  name: passkey.name,
  transports: passkey.transports,
  createdAt: passkey.createdAtMs,
  lastUsedAt: passkey.lastUsedAtMs,
});

/** The investor's passkeys for the security centre, newest first (never the key). */
export async function listOwnPasskeys(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof passkeyList>> {
  const passkeys = await listPasskeys(deps.db, context.user.id);
  return { passkeys: passkeys.map(passkeyView), max: PASSKEYS_PER_INVESTOR_MAX };
}
