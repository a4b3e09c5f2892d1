import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software for tests (docs/adr/0028-passkeys.md): an ES256 (P-256) key
 * from node:crypto, authenticator data and client data built byte by byte as the WebAuthn spec
 * lays them out, 'none' attestation encoded in CBOR, and DER signatures as browsers send them.
 * Each part can be bent (origin, RP ID, challenge, counter) to make the refusals a server must give.
 */

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

function authenticatorData(input: { rpId: string; flags: number; counter: number; attested?: Uint8Array }) {
  const counter = new Uint8Array(4);
  new DataView(counter.buffer).setUint32(0, input.counter);
  return concat(
    sha256(input.rpId),
    new Uint8Array([input.flags]),
    counter,
    input.attested ?? new Uint8Array(),
  );
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const clientData = (type: string, challenge: string, origin: string) =>
  new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export interface CeremonyInput {
  challenge: string;
  rpId: string;
  origin: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter; each assertion moves it on by one unless told otherwise. */
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The credential public key as a COSE map: EC2, ES256, P-256, x, y. */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x as string)],
        [-3, isoBase64URL.toBuffer(jwk.y as string)],
      ]),
    );
  }

  /** navigator.credentials.create(), answered as the browser's `toJSON()` does. */
  createCredential(input: CeremonyInput) {
    const idLength = new Uint8Array(2);
    new DataView(idLength.buffer).setUint16(0, this.credentialId.length);
    const attested = concat(new Uint8Array(16), idLength, this.credentialId, this.coseKey());
    const authData = authenticatorData({
      rpId: input.rpId,
      flags: FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL,
      counter: this.counter,
      attested,
    });
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', input.challenge, input.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): signs authenticator data and the client data's hash. */
  getAssertion(input: CeremonyInput & { counter?: number }) {
    this.counter = input.counter ?? this.counter + 1;
    const authData = authenticatorData({
      rpId: input.rpId,
      flags: FLAG_USER_PRESENT | FLAG_USER_VERIFIED,
      counter: this.counter,
    });
    const clientDataJSON = clientData('webauthn.get', input.challenge, input.origin);
    const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(new Uint8Array(signature)),
      },
    };
  }
}

/** A challenge no server issued. */
export const strayChallenge = () => b64url(new Uint8Array(randomBytes(32)));
