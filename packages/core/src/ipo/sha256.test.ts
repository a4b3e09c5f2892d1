import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256, toHex, utf8Bytes } from './sha256.js';

const hex = (text: string) => Uint8Array.from(text.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));

describe('SHA-256 and HMAC-SHA256 match the published test vectors', () => {
  it('hashes the FIPS 180-4 examples', () => {
    expect(toHex(sha256(utf8Bytes('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(toHex(sha256(utf8Bytes('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(utf8Bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    // A million 'a' crosses many blocks.
    expect(toHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('hashes messages whose padding spills into a second block (55, 56 and 64 bytes)', () => {
    expect(toHex(sha256(new Uint8Array(55).fill(0x61)))).toBe(
      '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318',
    );
    expect(toHex(sha256(new Uint8Array(56).fill(0x61)))).toBe(
      'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a',
    );
    expect(toHex(sha256(new Uint8Array(64).fill(0x61)))).toBe(
      'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
    );
  });

  it('computes the RFC 4231 HMAC-SHA256 cases 1, 2 and 6 (a key longer than a block)', () => {
    expect(toHex(hmacSha256(new Uint8Array(20).fill(0x0b), utf8Bytes('Hi There')))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(toHex(hmacSha256(utf8Bytes('Jefe'), utf8Bytes('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(
      toHex(
        hmacSha256(
          new Uint8Array(131).fill(0xaa),
          utf8Bytes('Test Using Larger Than Block-Size Key - Hash Key First'),
        ),
      ),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('encodes UTF-8 like TextEncoder, Devanagari and emoji included', () => {
    expect(toHex(utf8Bytes('₹ निवेश 🎉'))).toBe(
      toHex(hex('e282b920e0a4a8e0a4bfe0a4b5e0a587e0a4b620f09f8e89')),
    );
  });
});
