import type { Db } from '../../db/database.js';
import { claimTotpStep, useRecoveryCode } from '../../repositories/second-factor.repository.js';
import { recoveryCodeHash, totpStepOf } from '../../security/investor-totp.js';

/**
 * Checks a second-factor code against the investor's secret: a TOTP code works once (its time
 * step is recorded), a recovery code is used up. Answers which kind passed, or undefined.
 */
export async function acceptSecondFactorCode(
  db: Db,
  input: { userId: bigint; totpSecret: string; code: string; nowMs: number },
): Promise<'totp' | 'recovery' | undefined> {
  const code = input.code.trim();
  const step = totpStepOf(input.totpSecret, code, input.nowMs);
  if (step !== undefined) return (await claimTotpStep(db, input.userId, step)) ? 'totp' : undefined;
  if (/^[0-9]{6}$/.test(code)) return undefined;
  return (await useRecoveryCode(db, input.userId, recoveryCodeHash(input.userId, code), input.nowMs))
    ? 'recovery'
    : undefined;
}
