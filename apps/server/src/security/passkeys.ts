import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  decodeAttestationObject,
  decodeClientDataJSON,
  isoBase64URL,
  parseAuthenticatorData,
  toHash,
} from '@simplewebauthn/server/helpers';
import { refuse } from '../application/app-error.js';
import type { RequestContext } from '../application/context.js';
import type { ServerConfig } from '../config.js';

/**
 * WebAuthn ceremonies for investors' passkeys (docs/adr/0028-passkeys.md), with
 * `@simplewebauthn/server`. Before the library verifies a response, the checks with a refusal of
 * their own run here, so each answers its stable code: the challenge (wrong or expired is decided
 * by the caller, which owns the stored challenges), the origin and the RP ID hash, the credential,
 * and the signature counter.
 */

/** The relying party a request's passkeys belong to: the configured one, or the request's own host. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export function relyingPartyOf(config: ServerConfig, context: RequestContext): RelyingParty {
  // The URL parser drops a default port (`http://host:80` is `http://host`), as browsers write it.
  const requestOrigin = new URL(context.origin ?? 'http://localhost').origin;
  return {
    id: config.passkey.rpId ?? new URL(requestOrigin).hostname,
    name: config.passkey.rpName,
    origins: config.passkey.origins ?? [requestOrigin],
  };
}

/** What the investor's existing passkeys look like to the browser (to exclude or allow them). */
export interface KnownCredential {
  credentialId: string;
  transports: string[];
}

const transportsOf = (credential: KnownCredential) => ({
  id: credential.credentialId,
  transports: credential.transports as AuthenticatorTransport[],
});

export async function registrationOptions(input: {
  relyingParty: RelyingParty;
  userId: bigint;
  userName: string;
  existing: KnownCredential[];
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: input.relyingParty.name,
    rpID: input.relyingParty.id,
    userName: input.userName,
    // The user handle is the account's id: stable, and no phone number inside the authenticator.
    userID: new TextEncoder().encode(`nivesh-user:${input.userId}`),
    attestationType: 'none',
    excludeCredentials: input.existing.map(transportsOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: [-7, -257],
    timeout: 120_000,
  });
}

export async function authenticationOptions(input: {
  relyingParty: RelyingParty;
  allowed: KnownCredential[];
}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: input.relyingParty.id,
    allowCredentials: input.allowed.map(transportsOf),
    userVerification: 'preferred',
    timeout: 120_000,
  });
}

/** The parts of a response the checks below read, decoded once; undecodable answers PASSKEY_INVALID. */
export interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

export function clientDataOf(clientDataJSON: string): ClientData {
  try {
    const data = decodeClientDataJSON(clientDataJSON);
    if (typeof data.challenge !== 'string' || typeof data.origin !== 'string') throw new Error('fields');
    return { type: data.type, challenge: data.challenge, origin: data.origin };
  } catch {
    return refuse('PASSKEY_INVALID');
  }
}

/** Refuses an answer signed for another origin, or for another RP ID than this relying party's. */
async function checkRelyingParty(
  relyingParty: RelyingParty,
  clientData: ClientData,
  authenticatorData: Uint8Array<ArrayBuffer>,
): Promise<void> {
  if (!relyingParty.origins.includes(clientData.origin)) refuse('PASSKEY_ORIGIN_MISMATCH');
  let rpIdHash: Uint8Array;
  try {
    rpIdHash = parseAuthenticatorData(authenticatorData).rpIdHash;
  } catch {
    return refuse('PASSKEY_INVALID');
  }
  const expected = await toHash(new TextEncoder().encode(relyingParty.id));
  if (isoBase64URL.fromBuffer(new Uint8Array(rpIdHash)) !== isoBase64URL.fromBuffer(expected))
    refuse('PASSKEY_ORIGIN_MISMATCH');
}

function authenticatorDataOfAttestation(attestationObject: string): Uint8Array<ArrayBuffer> {
  try {
    // The attestation object is CBOR { fmt, attStmt, authData }; the library's decoder reads it.
    return decodeAttestationObject(isoBase64URL.toBuffer(attestationObject)).get('authData');
  } catch {
    return refuse('PASSKEY_INVALID');
  }
}

export interface VerifiedRegistration {
  credentialId: string;
  publicKey: Uint8Array;
  signCounter: bigint;
  transports: string[];
}

/**
 * What a ceremony's answer must show: this challenge, one of the site's origins and its RP ID; user
 * verification is not required.
 */
function expectedBy(input: { relyingParty: RelyingParty; expectedChallenge: string }) {
  return {
    expectedChallenge: input.expectedChallenge,
    expectedOrigin: input.relyingParty.origins,
    expectedRPID: input.relyingParty.id,
    requireUserVerification: false,
  };
}

/** Verifies a registration whose challenge the caller found live; answers the new credential. */
export async function verifyRegistration(input: {
  relyingParty: RelyingParty;
  response: RegistrationResponseJSON;
  clientData: ClientData;
  expectedChallenge: string;
}): Promise<VerifiedRegistration> {
  if (input.clientData.type !== 'webauthn.create') refuse('PASSKEY_INVALID');
  await checkRelyingParty(
    input.relyingParty,
    input.clientData,
    authenticatorDataOfAttestation(input.response.response.attestationObject),
  );
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({ response: input.response, ...expectedBy(input) });
  } catch {
    return refuse('PASSKEY_INVALID');
  }
  if (!verified.verified) return refuse('PASSKEY_INVALID');
  const { credential } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: credential.publicKey,
    signCounter: BigInt(credential.counter),
    transports: (input.response.response.transports ?? []).slice(0, 8),
  };
}

/**
 * Verifies a sign-in assertion by a known passkey whose challenge the caller found live; answers
 * the authenticator's new signature counter. A counter that does not move past the stored one
 * (when either is not 0: authenticators without a counter always send 0) is a cloned
 * authenticator's mark: PASSKEY_COUNTER_REGRESSED.
 */
export async function verifyAuthentication(input: {
  relyingParty: RelyingParty;
  response: AuthenticationResponseJSON;
  clientData: ClientData;
  expectedChallenge: string;
  passkey: { credentialId: string; publicKey: Uint8Array; signCounter: bigint; transports: string[] };
}): Promise<bigint> {
  if (input.clientData.type !== 'webauthn.get') refuse('PASSKEY_INVALID');
  let authenticatorData: Uint8Array<ArrayBuffer>;
  try {
    authenticatorData = isoBase64URL.toBuffer(input.response.response.authenticatorData);
  } catch {
    return refuse('PASSKEY_INVALID');
  }
  await checkRelyingParty(input.relyingParty, input.clientData, authenticatorData);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response,
      ...expectedBy(input),
      credential: {
        id: input.passkey.credentialId,
        publicKey: input.passkey.publicKey as Uint8Array<ArrayBuffer>,
        // The library checks the counter too; the check below gives it its own code.
        counter: 0,
        transports: input.passkey.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    return refuse('PASSKEY_INVALID');
  }
  if (!verified.verified) return refuse('PASSKEY_INVALID');
  const newCounter = BigInt(verified.authenticationInfo.newCounter);
  const stored = input.passkey.signCounter;
  if ((newCounter > 0n || stored > 0n) && newCounter <= stored) refuse('PASSKEY_COUNTER_REGRESSED');
  return newCounter;
}
