import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, Obj, Password } from '../schema.js';

/**
 * Passkeys (WebAuthn) as a second factor beside TOTP (docs/adr/0028-passkeys.md; docs/api.md,
 * "Passkeys"). Options are the WebAuthn JSON forms (`PublicKeyCredentialCreationOptionsJSON`,
 * `PublicKeyCredentialRequestOptionsJSON`) that `@simplewebauthn/browser` or the browser's own
 * `PublicKeyCredential.parse*OptionsFromJSON` take; responses are the credential's `toJSON()`.
 */

const Base64Url = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' });
const PasskeyId = Type.String({ pattern: '^[0-9]{1,19}$' });
const PasskeyName = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '\\S',
  description: 'what the investor calls it, e.g. "Pixel 8"',
});
const Transport = Type.String({ maxLength: 16, pattern: '^[a-z-]+$' });
const OpenObject = (description: string) =>
  Type.Object({}, { additionalProperties: true, maxProperties: 16, description });

/** Proof that the session's owner is at the device: the fund password or a current second-factor code. */
const Proof = Type.Union(
  [
    Obj({ fundPassword: Password }),
    Obj({
      code: Type.String({
        minLength: 6,
        maxLength: 16,
        description: 'the 6-digit code of the authenticator, or one unused recovery code',
      }),
    }),
  ],
  { description: 'the fund password, or a current code of the authenticator app (or a recovery code)' },
);

const CredentialCommon = {
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  clientExtensionResults: OpenObject('the browser’s extension results (not used)'),
  authenticatorAttachment: Type.Optional(
    Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]),
  ),
};

export const RegistrationResponse = Obj({
  ...CredentialCommon,
  response: Obj({
    clientDataJSON: Base64Url(4096),
    attestationObject: Base64Url(16384),
    authenticatorData: Type.Optional(Base64Url(8192)),
    transports: Type.Optional(Type.Array(Transport, { maxItems: 8 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(4096)),
  }),
});

export const AuthenticationResponse = Obj({
  ...CredentialCommon,
  response: Obj({
    clientDataJSON: Base64Url(4096),
    authenticatorData: Base64Url(8192),
    signature: Base64Url(1024),
    userHandle: Type.Optional(Base64Url(256)),
  }),
});

export const Passkey = Obj({
  id: PasskeyId,
  name: Type.String(),
  transports: Type.Array(Type.String()),
  createdAt: EpochMs,
  lastUsedAt: Type.Union([EpochMs, Type.Null()]),
});

export const passkeyList = defineCall({
  path: 'user/passkeyList',
  summary: "The investor's passkeys, newest first (never the key itself).",
  body: Empty,
  data: Obj({ passkeys: Type.Array(Passkey), max: Type.Integer() }),
  auth: true,
  mutates: false,
});

export const passkeyRegisterOptions = defineCall({
  path: 'user/passkeyRegisterOptions',
  summary:
    'Starts adding a passkey: WebAuthn creation options with a one-time challenge (valid 5 minutes), to answer with user/passkeyRegister.',
  body: Empty,
  data: Obj({ options: OpenObject('PublicKeyCredentialCreationOptionsJSON') }),
  auth: true,
  mutates: true,
});

export const passkeyRegister = defineCall({
  path: 'user/passkeyRegister',
  summary:
    "Adds the passkey the browser created for user/passkeyRegisterOptions' challenge, with its name; proved with the fund password or a current code when the investor has either. The investor is told.",
  body: Obj({ name: PasskeyName, response: RegistrationResponse, proof: Type.Optional(Proof) }),
  data: Obj({ passkey: Passkey }),
  auth: true,
  mutates: true,
});

export const passkeyRemove = defineCall({
  path: 'user/passkeyRemove',
  summary:
    'Removes one of the investor’s passkeys, proved with the fund password or a current code. The investor is told.',
  body: Obj({ passkeyId: PasskeyId, proof: Proof }),
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const passkeyLoginOptions = defineCall({
  path: 'user/passkeyLoginOptions',
  summary:
    "The passkey way through a sign-in's second step: WebAuthn request options for the challenge user/login answered (a one-time WebAuthn challenge, valid 5 minutes), to answer with user/loginVerifyPasskey.",
  body: Obj({ challengeToken: Type.String({ minLength: 16, maxLength: 128 }) }),
  data: Obj({ options: OpenObject('PublicKeyCredentialRequestOptionsJSON') }),
  auth: false,
  mutates: true,
});

export const loginVerifyPasskey = defineCall({
  path: 'user/loginVerifyPasskey',
  operation: 'login',
  summary:
    "Completes a sign-in's second step with a passkey: the challenge user/login answered and the browser's assertion; answers the session, exactly as user/loginVerify does with a code.",
  body: Obj({
    challengeToken: Type.String({ minLength: 16, maxLength: 128 }),
    response: AuthenticationResponse,
  }),
  data: Obj({ token: Type.String(), account: Type.String() }),
  auth: false,
  mutates: true,
});
