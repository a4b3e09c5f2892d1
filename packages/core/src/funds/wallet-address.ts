/**
 * Networks a USDT wallet address may be on. TRC20 (Tron) addresses are Base58Check strings of a
 * 25-byte payload starting with 0x41 (so they start with `T`); ERC20 (Ethereum) addresses are 20
 * bytes in hex after `0x`.
 */
export const WALLET_NETWORKS = ['TRC20', 'ERC20'] as const;
export type WalletNetwork = (typeof WALLET_NETWORKS)[number];

export function isWalletNetwork(value: unknown): value is WalletNetwork {
  return typeof value === 'string' && (WALLET_NETWORKS as readonly string[]).includes(value);
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Decodes Base58 (Bitcoin's alphabet) to bytes, or null on a character outside it.
 *
 * Example: `decodeBase58('2g')` is `Uint8Array [0x61]`.
 */
export function decodeBase58(text: string): Uint8Array | null {
  let value = 0n;
  for (const character of text) {
    const digit = BASE58_ALPHABET.indexOf(character);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const character of text) {
    if (character !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export type WalletAddressCheck =
  | {
      ok: true;
      network: WalletNetwork;
      address: string;
      checksumPayload?: { payload: Uint8Array; checksum: Uint8Array };
    }
  | { ok: false; reason: 'format' };

/**
 * Checks a wallet address's shape for its network. A TRC20 address must decode to 25 bytes starting
 * with 0x41; its last 4 bytes are a checksum (the first 4 bytes of SHA-256 twice over the first 21),
 * returned here for the caller to verify with a SHA-256 it has (core carries no hash functions).
 * An ERC20 address is `0x` and 40 hex digits, kept as written (a mixed-case EIP-55 checksum is not
 * verified: that needs Keccak-256), and compared in lower case for duplicates.
 *
 * Example: `checkWalletAddress('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')` is ok;
 * `checkWalletAddress('TRC20', '0x5290…')` is refused for format.
 */
export function checkWalletAddress(network: WalletNetwork, input: string): WalletAddressCheck {
  const address = input.trim();
  if (network === 'ERC20') {
    return ETHEREUM_ADDRESS.test(address) ? { ok: true, network, address } : { ok: false, reason: 'format' };
  }
  if (!TRON_ADDRESS.test(address)) return { ok: false, reason: 'format' };
  const bytes = decodeBase58(address);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return { ok: false, reason: 'format' };
  return {
    ok: true,
    network,
    address,
    checksumPayload: { payload: bytes.slice(0, 21), checksum: bytes.slice(21) },
  };
}

/** The form compared for duplicates: ERC20 addresses in lower case, TRC20 as written (Base58 is case-sensitive). */
export function walletAddressKey(network: WalletNetwork, address: string): string {
  return network === 'ERC20' ? address.toLowerCase() : address;
}
