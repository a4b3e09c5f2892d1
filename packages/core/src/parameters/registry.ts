import { DEFAULT_MTF_INTEREST_BPS_PER_DAY } from '../trading/mtf.js';

/**
 * Every server parameter of DESIGN.md section 5 (the values in italics there), with its unit, its
 * default and the bounds a staff change must respect. The console edits them; the server reads
 * them through one repository, falling back to these defaults while a parameter is unset.
 *
 * Kinds and how their values look:
 * - `count`: a whole number in a unit (shares, days, minutes, hours, per user).
 * - `bps`: a rate in basis points (1 bps = 0.01%), a whole number: 3 bps is a 0.03% fee.
 * - `money`: paise as bigint (rupees as a decimal string at the API, "100.00").
 * - `clock`: a wall-clock time in IST written `HH:MM`, `00:00` to `24:00`.
 * - `window`: two clock times, start strictly before end.
 * - `choice`: one of a fixed list of words.
 * - `switch`: on or off.
 */

export type ParameterGroup =
  | 'trading'
  | 'block'
  | 'ipo'
  | 'loans'
  | 'lending'
  | 'deposits'
  | 'withdrawals'
  | 'ledger'
  | 'accounts'
  | 'back_office';

export interface ClockWindow {
  /** `HH:MM`, IST. */
  start: string;
  /** `HH:MM`, IST, after start (`24:00` is the end of the day). */
  end: string;
}

/** Who may change a parameter: admin always; finance too for the money limits of funds. */
export type ParameterEditor = 'admin' | 'finance';

interface DefinitionBase {
  group: ParameterGroup;
  label: string;
  description: string;
  editors: readonly ParameterEditor[];
}

export interface CountDefinition extends DefinitionBase {
  kind: 'count';
  unit: 'shares' | 'days' | 'minutes' | 'hours' | 'seconds' | 'per user' | 'per second';
  default: number;
  min: number;
  max: number;
}

export interface BpsDefinition extends DefinitionBase {
  kind: 'bps';
  unit: 'bps';
  default: number;
  /** Inclusive unless `minExclusive`: a price band of 0 would freeze the market. */
  min: number;
  minExclusive: boolean;
  max: number;
}

export interface MoneyDefinition extends DefinitionBase {
  kind: 'money';
  unit: 'INR';
  default: bigint;
  min: bigint;
  max: bigint;
}

export interface ClockDefinition extends DefinitionBase {
  kind: 'clock';
  unit: 'IST';
  default: string;
}

export interface WindowDefinition extends DefinitionBase {
  kind: 'window';
  unit: 'IST';
  default: ClockWindow;
}

export interface ChoiceDefinition extends DefinitionBase {
  kind: 'choice';
  unit: '';
  choices: readonly string[];
  default: string;
}

export interface SwitchDefinition extends DefinitionBase {
  kind: 'switch';
  unit: '';
  default: boolean;
}

export type ParameterDefinition =
  | CountDefinition
  | BpsDefinition
  | MoneyDefinition
  | ClockDefinition
  | WindowDefinition
  | ChoiceDefinition
  | SwitchDefinition;

export type ParameterKind = ParameterDefinition['kind'];

const ADMIN: readonly ParameterEditor[] = ['admin'];
const ADMIN_OR_FINANCE: readonly ParameterEditor[] = ['admin', 'finance'];
const RUPEE = 100n;
/** The largest money parameter: ₹1,00,00,00,000 (100 crore), far above any sensible limit. */
const MONEY_PARAMETER_MAX = 100_00_00_000n * RUPEE;

const count = (
  group: ParameterGroup,
  unit: CountDefinition['unit'],
  fallback: number,
  min: number,
  max: number,
  label: string,
  description: string,
): CountDefinition => ({
  kind: 'count',
  group,
  unit,
  default: fallback,
  min,
  max,
  label,
  description,
  editors: ADMIN,
});

/** How long an item may wait in a review queue before the console marks it overdue (ADR 0027). */
const queueSla = (queue: string, fallbackMinutes: number): CountDefinition =>
  count(
    'back_office',
    'minutes',
    fallbackMinutes,
    1,
    30 * 24 * 60,
    `SLA of the ${queue} queue`,
    `An item waiting in the ${queue} queue longer than this is overdue: highlighted and counted on the dashboard.`,
  );

const bps = (
  group: ParameterGroup,
  fallback: number,
  bounds: { min: number; minExclusive: boolean; max: number },
  label: string,
  description: string,
): BpsDefinition => ({
  kind: 'bps',
  unit: 'bps',
  group,
  default: fallback,
  ...bounds,
  label,
  description,
  editors: ADMIN,
});

const money = (
  group: ParameterGroup,
  fallbackRupees: bigint,
  label: string,
  description: string,
  editors: readonly ParameterEditor[] = ADMIN_OR_FINANCE,
): MoneyDefinition => ({
  kind: 'money',
  unit: 'INR',
  group,
  default: fallbackRupees * RUPEE,
  min: 0n,
  max: MONEY_PARAMETER_MAX,
  label,
  description,
  editors,
});

const window = (
  group: ParameterGroup,
  start: string,
  end: string,
  label: string,
  description: string,
): WindowDefinition => ({
  kind: 'window',
  unit: 'IST',
  group,
  default: { start, end },
  label,
  description,
  editors: ADMIN,
});

const RATE = { min: 0, minExclusive: false, max: 10_000 } as const;
const SHARE_OF_WHOLE = { min: 0, minExclusive: true, max: 10_000 } as const;

/** The registry, by parameter name (snake_case, as stored in the `parameters` table). */
export const PARAMETERS = {
  // Orders and positions.
  order_quantity_min: count(
    'trading',
    'shares',
    1,
    1,
    1_000_000,
    'Minimum order quantity',
    'Whole shares an order must have at least.',
  ),
  price_band_default_bps: bps(
    'trading',
    1_000,
    SHARE_OF_WHOLE,
    'Default daily price band',
    'Band around the previous close for instruments without their own band (1000 bps = ±10%). Above 0, at most 100%.',
  ),
  position_lock_days: count(
    'trading',
    'days',
    0,
    0,
    365,
    'Position lock (T+ days)',
    'Trading days a new holding stays locked before it may be closed.',
  ),
  position_lock_minutes: count(
    'trading',
    'minutes',
    0,
    0,
    1_440,
    'Position lock (minutes)',
    'Minutes a new holding stays locked before it may be closed.',
  ),
  stop_out_loss_bps: bps(
    'trading',
    8_000,
    SHARE_OF_WHOLE,
    'Stop-out loss',
    'A position is closed when its loss reaches this share of its margin (8000 bps = 80%).',
  ),
  intraday_square_off_at: {
    kind: 'clock',
    unit: 'IST',
    group: 'trading',
    default: '15:20',
    label: 'Intraday square-off',
    description: 'When intraday (day-trading) positions are closed, IST.',
    editors: ADMIN,
  } satisfies ClockDefinition,

  // Block trades.
  block_quantity_min: count(
    'block',
    'shares',
    100,
    1,
    100_000_000,
    'Minimum block quantity',
    'Shares a block order must have at least.',
  ),
  block_window_morning: window(
    'block',
    '08:45',
    '09:00',
    'Morning block window',
    'When block orders may be placed before the open, IST.',
  ),
  block_window_afternoon: window(
    'block',
    '14:05',
    '14:20',
    'Afternoon block window',
    'When block orders may be placed in the afternoon, IST.',
  ),
  block_price_band_bps: bps(
    'block',
    100,
    SHARE_OF_WHOLE,
    'Block price band',
    'A block executes within this band around its reference price (100 bps = ±1%).',
  ),
  block_lock_days: count(
    'block',
    'days',
    0,
    0,
    365,
    'Block buy lock',
    'Days a block buy stays locked (N in DESIGN.md; 0 = no lock).',
  ),

  // New shares (IPO).
  ipo_subscriptions_per_user: count(
    'ipo',
    'per user',
    1,
    1,
    100,
    'Subscriptions per user per IPO',
    'How many subscriptions one user may make to one IPO.',
  ),
  ipo_subscription_min_shares: count(
    'ipo',
    'shares',
    10_000,
    1,
    100_000_000,
    'Minimum subscription',
    'Shares a subscription asks for at least.',
  ),
  ipo_money_mode: {
    kind: 'choice',
    unit: '',
    group: 'ipo',
    choices: ['block_at_application', 'pay_after_allotment'],
    default: 'block_at_application',
    label: 'IPO money mode',
    description: 'Block the amount at application (as ASBA), or ask winners to pay after allotment.',
    editors: ADMIN,
  } satisfies ChoiceDefinition,
  ipo_channel_open: {
    kind: 'switch',
    unit: '',
    group: 'ipo',
    default: true,
    label: 'IPO subscription channel open',
    description: 'When off, every subscription answers "the subscription channel is not open".',
    editors: ADMIN,
  } satisfies SwitchDefinition,

  // Credit loans and securities lending.
  loan_daily_interest_bps: bps(
    'loans',
    5,
    RATE,
    'Loan daily interest',
    'Interest per day on an outstanding credit loan (5 bps = 0.05%).',
  ),
  loan_amount_min: money(
    'loans',
    1_000n,
    'Minimum loan',
    'The least a credit loan may be (chosen default): below it, the amount is refused.',
    ADMIN,
  ),
  loan_amount_max: money(
    'loans',
    5_00_000n,
    'Maximum single loan',
    'The platform limit on one credit loan, whatever the quota ("loan over the limit"; chosen default).',
    ADMIN,
  ),
  lending_value_min: money(
    'lending',
    10_000n,
    'Minimum lending value',
    'The least value a user may lend into the pool (not in DESIGN.md italics; chosen default).',
    ADMIN,
  ),
  lending_pool_quota: money(
    'lending',
    1_00_00_000n,
    'Lending pool quota',
    'The pool accepts lending up to this value; beyond it, "quota full" (chosen default).',
    ADMIN,
  ),
  lending_channel_open: {
    kind: 'switch',
    unit: '',
    group: 'lending',
    default: true,
    label: 'Lending channel open',
    description: 'When off, lending answers "channel closed".',
    editors: ADMIN,
  } satisfies SwitchDefinition,
  lending_fee_bps_per_day: bps(
    'lending',
    2,
    RATE,
    'Lending fee per day',
    'Securities lending: the daily rate short sellers pay on pool-backed shorts and lenders earn on the value lent (2 bps = 0.02% a day; chosen default). A lending keeps the rate it was made at.',
  ),

  // MTF (docs/adr/0019-partial-sells.md): the daily interest of the funded part of MTF holdings.
  mtf_interest_bps_per_day: bps(
    'trading',
    DEFAULT_MTF_INTEREST_BPS_PER_DAY,
    RATE,
    'MTF interest per day',
    'Interest on the funded part (notional at entry less margin) of each MTF holding, charged once per IST day it is held (4 bps = 0.04% a day, about 14.6% a year). Shown before an MTF order is confirmed.',
  ),

  // The Kite Connect v3-compatible API (docs/adr/0025-kite-compatible-transport.md): requests a
  // second per API app, Kite's documented limits; one more in the same second is answered 429.
  kite_rate_quote_per_second: count(
    'trading',
    'per second',
    1,
    1,
    1_000,
    'Kite API: quote requests a second',
    'Requests to /quote, /quote/ohlc and /quote/ltp an API app may make each second (Kite: 1).',
  ),
  kite_rate_historical_per_second: count(
    'trading',
    'per second',
    3,
    1,
    1_000,
    'Kite API: historical candle requests a second',
    'Requests for historical candles an API app may make each second (Kite: 3).',
  ),
  kite_rate_orders_per_second: count(
    'trading',
    'per second',
    10,
    1,
    1_000,
    'Kite API: order requests a second',
    'Order placements, modifications and cancellations an API app may make each second (Kite: 10).',
  ),
  kite_rate_other_per_second: count(
    'trading',
    'per second',
    10,
    1,
    1_000,
    'Kite API: other requests a second',
    'Every other request an API app may make each second (Kite: 10).',
  ),

  // Deposits.
  deposit_amount_min: money('deposits', 100n, 'Minimum deposit', 'The least a deposit may be.'),
  deposit_amount_max: money('deposits', 10_00_000n, 'Maximum deposit', 'The most a deposit may be.'),
  deposit_window: window(
    'deposits',
    '00:00',
    '23:59',
    'Deposit window',
    'When deposits may be submitted, IST.',
  ),

  // Withdrawals.
  payout_destination_cooling_off_hours: count(
    'withdrawals',
    'hours',
    24,
    0,
    720,
    'Payout destination cooling-off',
    'Hours before a newly added payout destination may receive money.',
  ),
  withdrawal_amount_min: money('withdrawals', 100n, 'Minimum withdrawal', 'The least a withdrawal may be.'),
  withdrawal_amount_max: money(
    'withdrawals',
    5_00_000n,
    'Maximum withdrawal',
    'The most a withdrawal may be.',
  ),
  withdrawal_window: window(
    'withdrawals',
    '09:30',
    '24:00',
    'Withdrawal window',
    'When withdrawals may be requested on working days, IST.',
  ),
  withdrawal_second_approver_above: money(
    'withdrawals',
    2_00_000n,
    'Withdrawal second approver above',
    'A withdrawal above this needs a second staff member to approve.',
  ),
  withdrawal_working_days_only: {
    kind: 'switch',
    unit: '',
    group: 'withdrawals',
    default: true,
    label: 'Withdrawals on working days only',
    description: 'When on, the withdrawal window applies on NSE working days only; other days are closed.',
    editors: ADMIN,
  } satisfies SwitchDefinition,
  withdrawal_fee_fixed: money(
    'withdrawals',
    0n,
    'Withdrawal fee (fixed)',
    'A fixed fee taken from each withdrawal.',
  ),
  withdrawal_fee_bps: bps(
    'withdrawals',
    0,
    { min: 0, minExclusive: false, max: 1_000 },
    'Withdrawal fee (rate)',
    'A fee on the amount withdrawn, added to the fixed fee (10 bps = 0.1%); shown before confirming.',
  ),
  crypto_enabled: {
    kind: 'switch',
    unit: '',
    group: 'deposits',
    default: false,
    label: 'USDT channels and wallets',
    description:
      'When off (the default), USDT deposit channels, wallets and withdrawals to wallets are refused.',
    editors: ADMIN,
  } satisfies SwitchDefinition,

  // Maker-checker and queue service levels (ADR 0027).
  deposit_second_approver_above: money(
    'deposits',
    2_00_000n,
    'Deposit second approver above',
    'A deposit above this is credited only when a second staff member approves it.',
  ),
  loan_second_approver_above: money(
    'loans',
    0n,
    'Loan second approver above',
    'A loan above this is disbursed only when a second staff member approves it (0: every loan).',
  ),
  follow_funding_second_approver_above: money(
    'back_office',
    10_00_000n,
    'Copy-trading funding second approver above',
    'A copy-trading product funded with more than this opens only when a second staff member approves it (0: every product).',
  ),
  queue_sla_minutes_kyc: queueSla('KYC', 24 * 60),
  queue_sla_minutes_deposits: queueSla('deposit', 60),
  queue_sla_minutes_withdrawals: queueSla('withdrawal', 4 * 60),
  queue_sla_minutes_loans: queueSla('loan', 24 * 60),
  queue_sla_minutes_day_trading: queueSla('day-trading', 24 * 60),
  queue_sla_minutes_approvals: queueSla('second-approval', 2 * 60),
  // Alerts (docs/adr/0033): the feed is stale when no tick came for this long while the market is open.
  feed_stale_seconds: count(
    'back_office',
    'seconds',
    120,
    10,
    3_600,
    'Feed stale after',
    'While the market is open, no tick for this long raises a stale-feed alert on the dashboard and to the configured mail or webhook.',
  ),
  // The instrument master NSE's files build (docs/adr/0023-nse-instrument-master-and-price-provenance.md).
  imported_instruments_tradable: {
    kind: 'switch',
    unit: '',
    group: 'trading',
    default: true,
    label: 'Instruments from NSE files are tradable',
    description:
      'Whether an equity a bhavcopy import creates can be traded at once (on by default, so a new install’s first import fills the market). Staff still switch each instrument on or off.',
    editors: ADMIN,
  } satisfies SwitchDefinition,
  imported_tick_paise: {
    kind: 'money',
    unit: 'INR',
    group: 'trading',
    default: 1n,
    min: 1n,
    max: 10_000n,
    label: 'Tick size of instruments from NSE files',
    description:
      'The price step given to an equity a bhavcopy import creates (₹0.01 admits every price NSE prints, whose ticks depend on the price); staff change each instrument’s own tick in the console.',
    editors: ADMIN,
  } satisfies MoneyDefinition,
  imported_band_eq_bps: bps(
    'trading',
    2_000,
    SHARE_OF_WHOLE,
    'Price band of EQ instruments from NSE files',
    'The daily band given to an EQ (normal) series equity a bhavcopy import creates (2000 bps = ±20%, NSE’s widest band).',
  ),
  imported_band_be_bps: bps(
    'trading',
    500,
    SHARE_OF_WHOLE,
    'Price band of BE instruments from NSE files',
    'The daily band given to a BE (trade-for-trade) series equity a bhavcopy import creates (500 bps = ±5%).',
  ),

  // Ledger corrections (the console's reversing entries, ADR 0010).
  ledger_reversal_second_approver_above: money(
    'ledger',
    2_00_000n,
    'Reversal second approver above',
    'A reversing correction of an entry moving more than this needs a second finance approver.',
  ),

  // Accounts.
  invite_code_required: {
    kind: 'switch',
    unit: '',
    group: 'accounts',
    default: true,
    label: 'Invitation code required',
    description: 'Registration requires a valid invitation code.',
    editors: ADMIN,
  } satisfies SwitchDefinition,
} as const satisfies Record<string, ParameterDefinition>;

export type ParameterName = keyof typeof PARAMETERS;
export const PARAMETER_NAMES = Object.keys(PARAMETERS) as ParameterName[];

interface ValueOfKind {
  count: number;
  bps: number;
  money: bigint;
  clock: string;
  window: ClockWindow;
  choice: string;
  switch: boolean;
}

/** The typed value of a parameter: `ParameterValue<'stop_out_loss_bps'>` is number, a money limit bigint. */
export type ParameterValue<N extends ParameterName> = ValueOfKind[(typeof PARAMETERS)[N]['kind']];

/** Every parameter's value, by name. */
export type ParameterValues = { [N in ParameterName]: ParameterValue<N> };

/**
 * Pairs that must stay ordered, minimum first: a change to either one is checked against the other.
 */
export const PARAMETER_RANGES: ReadonlyArray<readonly [ParameterName, ParameterName]> = [
  ['deposit_amount_min', 'deposit_amount_max'],
  ['withdrawal_amount_min', 'withdrawal_amount_max'],
];

export function isParameterName(name: string): name is ParameterName {
  return Object.hasOwn(PARAMETERS, name);
}

export function parameterDefinition(name: ParameterName): ParameterDefinition {
  return PARAMETERS[name];
}

/** Every parameter at its default. */
export function defaultParameterValues(): ParameterValues {
  const values: Record<string, unknown> = {};
  for (const name of PARAMETER_NAMES) {
    const definition: ParameterDefinition = PARAMETERS[name];
    values[name] = definition.kind === 'window' ? { ...definition.default } : definition.default;
  }
  return values as ParameterValues;
}
