import { kiteTimestamp } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { findUserById } from '../../repositories/user.repository.js';

/** What Kite's profile says about the investor; Nivesh keeps no e-mail, so it is empty. */
export async function readKiteProfile(db: Db, userId: bigint) {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} of a live API session is missing`);
  const name = user.realName ?? user.phone;
  return {
    user_id: `NV${user.id.toString()}`,
    user_name: name,
    user_shortname: name.split(' ')[0] ?? name,
    email: '',
    user_type: 'individual',
    broker: 'NIVESH',
    exchanges: ['NSE', 'BSE'],
    products: ['CNC', 'MIS', 'MTF'],
    order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
    avatar_url: null,
    meta: { demat_consent: 'physical' },
  };
}

/** The SessionData of a new or renewed session (reference §1). */
export async function kiteSessionData(
  db: Db,
  input: { userId: bigint; apiKey: string; accessToken: string; refreshToken: string; loginAtMs: number },
) {
  return {
    ...(await readKiteProfile(db, input.userId)),
    api_key: input.apiKey,
    access_token: input.accessToken,
    public_token: input.accessToken.slice(0, 32),
    refresh_token: input.refreshToken,
    login_time: kiteTimestamp(input.loginAtMs),
  };
}
