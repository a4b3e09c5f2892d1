import { describe, expect, it } from 'vitest';
import { checkWalletAddress, decodeBase58, walletAddressKey } from './wallet-address.js';

describe('wallet addresses', () => {
  it('accepts a TRC20 address and hands back its checksum to verify', () => {
    const check = checkWalletAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.checksumPayload!.payload[0]).toBe(0x41);
      expect(check.checksumPayload!.checksum).toHaveLength(4);
    }
  });

  it('refuses TRC20 addresses of the wrong shape', () => {
    for (const bad of [
      '',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6',
      'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t',
    ]) {
      expect(checkWalletAddress('TRC20', bad)).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('accepts an ERC20 address and compares it in lower case', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(checkWalletAddress('ERC20', address)).toEqual({ ok: true, network: 'ERC20', address });
    expect(walletAddressKey('ERC20', address)).toBe(address.toLowerCase());
  });

  it('refuses ERC20 addresses of the wrong shape, and one network’s address on another', () => {
    expect(checkWalletAddress('ERC20', '0x5290840009852788')).toEqual({ ok: false, reason: 'format' });
    expect(checkWalletAddress('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual({
      ok: false,
      reason: 'format',
    });
    expect(checkWalletAddress('TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toEqual({
      ok: false,
      reason: 'format',
    });
  });

  it('decodes Base58 with leading ones as zero bytes', () => {
    expect([...decodeBase58('2g')!]).toEqual([0x61]);
    expect([...decodeBase58('112g')!]).toEqual([0, 0, 0x61]);
    expect(decodeBase58('0OIl')).toBeNull();
  });
});
