/** Limits of investors' passkeys (docs/adr/0028-passkeys.md). */

/** How long a WebAuthn challenge may be answered; it works once. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Passkeys one investor may keep: enough for every device, few enough to review. */
export const PASSKEYS_PER_INVESTOR_MAX = 10;
