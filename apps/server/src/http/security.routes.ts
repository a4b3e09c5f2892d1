import {
  closeAccount,
  confirmTwoFactorReset,
  loginVerify,
  loginVerifyPasskey,
  passkeyList,
  passkeyLoginOptions,
  passkeyRegister,
  passkeyRegisterOptions,
  passkeyRemove,
  requestTwoFactorReset,
  staffResetTotp,
  staffUserTwoFactor,
  twoFactorConfirm,
  twoFactorDisable,
  twoFactorEnroll,
  twoFactorStatus,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { closeAccount as closeAccountUseCase } from '../use-cases/accounts/close-account.js';
import { completePasskeyLogin } from '../use-cases/passkeys/complete-passkey-login.js';
import { listOwnPasskeys } from '../use-cases/passkeys/list-passkeys.js';
import { registerPasskey } from '../use-cases/passkeys/register-passkey.js';
import { removePasskey } from '../use-cases/passkeys/remove-passkey.js';
import { startPasskeyLogin } from '../use-cases/passkeys/start-passkey-login.js';
import { startPasskeyRegistration } from '../use-cases/passkeys/start-passkey-registration.js';
import { resetStaffTotp } from '../use-cases/staff/reset-staff-totp.js';
import { completeLogin } from '../use-cases/two-factor/complete-login.js';
import { confirmTwoFactor } from '../use-cases/two-factor/confirm-two-factor.js';
import { confirmTwoFactorResetUseCase } from '../use-cases/two-factor/confirm-two-factor-reset.js';
import { disableTwoFactor } from '../use-cases/two-factor/disable-two-factor.js';
import { enrollTwoFactor } from '../use-cases/two-factor/enroll-two-factor.js';
import { readTwoFactorStatus } from '../use-cases/two-factor/read-two-factor-status.js';
import { readUserTwoFactor } from '../use-cases/two-factor/read-user-two-factor.js';
import { requestTwoFactorResetUseCase } from '../use-cases/two-factor/request-two-factor-reset.js';
import type { RateLimits } from './rate-limits.js';
import { registerCall } from './register-call.js';
import { registerConsoleCall } from './register-console-call.js';

/** Second factors (docs/adr/0022-investor-two-factor.md): staff TOTP recovery, investors' 2FA. */
export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps, limits: RateLimits): void {
  registerConsoleCall(app, deps, staffResetTotp, (body, context) => resetStaffTotp(deps, context, body));

  // Closing one's own account, from the security centre (docs/adr/0024).
  registerCall(app, deps, closeAccount, (body, context) => closeAccountUseCase(deps, context, body));

  // Investors. Replies holding a secret, a session or recovery codes are never stored for replay.
  registerCall(app, deps, loginVerify, (body, context) => completeLogin(deps, context, body), {
    preHandler: [limits.loginPerAddress],
    replayable: false,
  });
  registerCall(app, deps, twoFactorStatus, (_body, context) => readTwoFactorStatus(deps, context));
  registerCall(app, deps, twoFactorEnroll, (_body, context) => enrollTwoFactor(deps, context), {
    replayable: false,
  });
  registerCall(app, deps, twoFactorConfirm, (body, context) => confirmTwoFactor(deps, context, body), {
    replayable: false,
  });
  registerCall(app, deps, twoFactorDisable, (body, context) => disableTwoFactor(deps, context, body));

  // Passkeys (docs/adr/0028-passkeys.md): a WebAuthn challenge is answered once, never replayed.
  registerCall(app, deps, passkeyList, (_body, context) => listOwnPasskeys(deps, context));
  registerCall(
    app,
    deps,
    passkeyRegisterOptions,
    (_body, context) => startPasskeyRegistration(deps, context),
    {
      replayable: false,
    },
  );
  registerCall(app, deps, passkeyRegister, (body, context) => registerPasskey(deps, context, body), {
    replayable: false,
  });
  registerCall(app, deps, passkeyRemove, (body, context) => removePasskey(deps, context, body));
  registerCall(app, deps, passkeyLoginOptions, (body, context) => startPasskeyLogin(deps, context, body), {
    preHandler: [limits.loginPerAddress],
    replayable: false,
  });
  registerCall(app, deps, loginVerifyPasskey, (body, context) => completePasskeyLogin(deps, context, body), {
    preHandler: [limits.loginPerAddress],
    replayable: false,
  });

  // Support resets an investor's second factor; a second staff member confirms.
  registerConsoleCall(app, deps, staffUserTwoFactor, (body) => readUserTwoFactor(deps, body));
  registerConsoleCall(app, deps, requestTwoFactorReset, (body, context) =>
    requestTwoFactorResetUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, confirmTwoFactorReset, (body, context) =>
    confirmTwoFactorResetUseCase(deps, context, body),
  );
}
