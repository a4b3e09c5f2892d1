import type { FundsSettings } from '../../repositories/funds-settings.repository.js';

interface ChannelLimits {
  min_minor: bigint;
  max_minor: bigint;
  window_from: string;
  window_to: string;
}

export interface DepositLimits {
  minMinor: bigint;
  maxMinor: bigint;
  /** `HH:MM` IST; `to` may be `24:00`. */
  from: string;
  to: string;
}

// Paise (bigint) and `HH:MM` strings both order with < and >; Math.min and Math.max take neither.
const larger = <T extends bigint | string>(a: T, b: T): T => (a > b ? a : b);
const smaller = <T extends bigint | string>(a: T, b: T): T => (a < b ? a : b);

/**
 * The limits a deposit to this channel must meet: the channel's own, narrowed by the platform's
 * (the deposit_amount_min, deposit_amount_max and deposit_window parameters), so a channel can
 * never accept more than the Parameters page allows. `HH:MM` strings order as the times they name.
 *
 * Example: a channel for ₹50 to ₹20,00,000 under a platform ₹100 to ₹10,00,000 takes ₹100 to ₹10,00,000.
 */
export function depositLimitsOf(channel: ChannelLimits, settings: FundsSettings): DepositLimits {
  return {
    minMinor: larger(channel.min_minor, settings.depositMinPaise),
    maxMinor: smaller(channel.max_minor, settings.depositMaxPaise),
    from: larger(channel.window_from, settings.depositWindowFrom),
    to: smaller(channel.window_to, settings.depositWindowTo),
  };
}
