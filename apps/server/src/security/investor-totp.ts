import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { newReadableCode, sha256Hex } from './tokens.js';

/**
 * The investor's second factor (docs/adr/0022-investor-two-factor.md): RFC 6238 TOTP, SHA-1, six
 * digits, 30-second steps (what every authenticator app reads), through `otpauth` as the staff
 * console's TOTP; and ten one-time recovery codes of ten letters and digits, stored as hashes.
 */
const ISSUER = 'Nivesh';
const STEP_MS = 30_000;
export const RECOVERY_CODE_COUNT = 10;

const totpFor = (secretBase32: string, label: string) =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: STEP_MS / 1000,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });

export async function newInvestorTotp(label: string) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const otpauthUrl = totpFor(secret, label).toString();
  // The same QR settings as the staff enrolment (256 px, highest error correction).
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { width: 256, errorCorrectionLevel: 'H' });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * The time step a TOTP code belongs to, accepting the current step or either neighbour (clock
 * drift); undefined when the code matches none.
 */
export function totpStepOf(secretBase32: string, code: string, nowMs: number): bigint | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const delta = totpFor(secretBase32, 'investor').validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? undefined : BigInt(Math.floor(nowMs / STEP_MS) + delta);
}

/** Recovery codes as shown: `ABCDE-FGH23`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = newReadableCode(10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The stored hash of a recovery code: case, spaces and dashes do not matter; salted by the user. */
export function recoveryCodeHash(userId: bigint, code: string): string {
  return sha256Hex(`recovery:${userId}:${code.replace(/[\s-]/g, '').toUpperCase()}`);
}
