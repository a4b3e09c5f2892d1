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

/**
 * The limits a deposit to this channel must meet: the channel's own, narrowed by the platform's
 * (the deposit_amount_min, deposit_amount_max and deposit_window parameters), so a channel can
 * never accept more than the Parameters page allows. `HH:MM` strings order as the times they name.
 *
 * Example: a channel for ₹50 to ₹20,00,000 under a platform ₹100 to ₹10,00,000 takes ₹100 to ₹10,00,000.
 */
export function depositLimitsOf(channel: ChannelLimits, settings: FundsSettings): DepositLimits {
  const later = (a: string, b: string) => (a > b ? a : b);
  const earlier = (a: string, b: string) => (a < b ? a : b);
  return {
    minMinor: channel.min_minor > settings.depositMinPaise ? channel.min_minor : settings.depositMinPaise,
    maxMinor: channel.max_minor < settings.depositMaxPaise ? channel.max_minor : settings.depositMaxPaise,
    from: later(channel.window_from, settings.depositWindowFrom),
    to: earlier(channel.window_to, settings.depositWindowTo),
  };
}
