import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/**
 * Table types, snake_case as in SQL. Repositories map rows to camelCase domain objects once.
 * int8 columns arrive as bigint (see database.ts); timestamptz as Date.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: Generated<bigint>;
  phone: string;
  password_hash: string;
  fund_password_hash: string | null;
  real_name: string | null;
  kyc_status: Generated<'unverified' | 'pending' | 'verified' | 'rejected'>;
  credit_score: Generated<number>;
  day_trading_status: Generated<'none' | 'pending' | 'approved' | 'rejected'>;
  language: Generated<'en' | 'hi' | 'zh'>;
  referrer_id: bigint | null;
  fund_password_failures: Generated<number>;
  fund_password_locked_until: Timestamp | null;
  password_changed_at: Timestamp | null;
  created_at: DefaultTimestamp;
  /** 'strategy': a copy-trading product's platform account, traded by staff, never signed in (migration 0018). */
  account_kind: Generated<'investor' | 'strategy' | 'paper'>;
  /** A paper account's real investor (docs/adr/0026-paper-trading.md); null for every other user. */
  paper_of_user_id: Generated<bigint | null>;
  /** When the investor closed the account (migration 0034); sign-in is refused from then on. */
  closed_at: Timestamp | null;
  /** When its personal data was removed, after the retention periods (docs/adr/0024). */
  personal_data_purged_at: Timestamp | null;
}

export interface InvitationCodesTable {
  code: string;
  owner_user_id: bigint | null;
  active: Generated<boolean>;
  note: string | null;
  created_at: DefaultTimestamp;
}

export type UserFlag = 'frozen' | 'login_banned' | 'disabled' | 'trading_barred' | 'withdrawal_barred';

export interface UserFlagsTable {
  user_id: bigint;
  flag: UserFlag;
  reason: string;
  set_by: string;
  set_at: DefaultTimestamp;
}

export interface SessionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  ip: string | null;
  user_agent: string | null;
  /** 'paper' while the session acts as the investor's paper account (docs/adr/0026-paper-trading.md). */
  book: Generated<LedgerBook>;
}

export type StaffRole = 'admin' | 'finance' | 'compliance' | 'support' | 'content';

export interface StaffUsersTable {
  id: Generated<bigint>;
  username: string;
  display_name: string;
  password_hash: string;
  roles: StaffRole[];
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  failed_attempts: Generated<number>;
  locked_until: Timestamp | null;
  active: Generated<boolean>;
  created_at: DefaultTimestamp;
  /** Who created the member in the console; NULL for the command line and the seed (migration 0053). */
  created_by_staff_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** Since when the member is disabled; NULL while active (migration 0053). */
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A reset of a staff member's second factor; never by the member themself (migration 0053). */
export interface StaffSecondFactorResetsTable {
  id: Generated<bigint>;
  staff_id: bigint;
  /** NULL when the system reset it from the command line. */
  reset_by_staff_id: bigint | null;
  reason: string;
  reset_at: Timestamp;
}

/** A note staff add on an investor's page; append-only (migration 0054). */
export interface UserNotesTable {
  id: Generated<bigint>;
  user_id: bigint;
  staff_id: bigint;
  note: string;
  created_at: Timestamp;
}

export interface StaffSessionsTable {
  id: Generated<bigint>;
  staff_id: bigint;
  token_hash: string;
  purpose: Generated<'session' | 'totp_enrollment'>;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
}

export interface PasswordResetCodesTable {
  id: Generated<bigint>;
  user_id: bigint;
  code_hash: string;
  issued_by_staff_id: bigint;
  reason: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  state: 'in_progress' | 'done';
  http_status: number | null;
  /** The first reply's exact JSON text (migration 0026), replayed byte for byte. */
  reply: string | null;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  at: DefaultTimestamp;
  actor_type: 'user' | 'staff' | 'system' | 'anonymous';
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: Json | null;
  after: Json | null;
  reason: string | null;
  request_id: string | null;
  ip: string | null;
}

export interface ConfigEntriesTable {
  name: string;
  value: string;
  is_public: Generated<boolean>;
  updated_at: DefaultTimestamp;
}

export interface ParametersTable {
  name: string;
  value: Json;
  updated_at: DefaultTimestamp;
}

export interface InstrumentsTable {
  symbol: string;
  name: string;
  kind: 'equity' | 'index' | 'crypto' | 'forex';
  segment: 'listed' | 'otc' | 'subscription' | 'auction' | 'crypto' | 'forex';
  calendar: string;
  exchange: string;
  isin: string | null;
  sector: string | null;
  tick_paise: bigint;
  lot_size: number;
  price_band_bps: number;
  leverages: number[];
  shortable: boolean;
  tradable: boolean;
  shares_outstanding: bigint | null;
  quote_units: Generated<number>;
  created_at: DefaultTimestamp;
  /** Shorts on the instrument draw on the securities-lending pool (migration 0019). */
  lending_enabled: Generated<boolean>;
  /** NSE's series, `EQ` or `BE`, for equities from NSE's files (migration 0031). */
  series: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CandlePeriod = '1m' | '5m' | '15m' | '30m' | '1d' | '1w' | '1M';

export interface CandlesTable {
  symbol: string;
  period: CandlePeriod;
  bucket_start_ms: bigint;
  open_paise: bigint;
  high_paise: bigint;
  low_paise: bigint;
  close_paise: bigint;
  volume: bigint;
  /** Where the candle's prices come from (migration 0031). */
  source: ColumnType<PriceSource, PriceSource | undefined, PriceSource>;
}

/** `simulated` (the built-in simulator), `imported` (an NSE daily file), `feed` (a real feed). */
export type PriceSource = 'simulated' | 'imported' | 'feed';

export interface DailyDeliveriesTable {
  symbol: string;
  /** `YYYY-MM-DD` (a date column, read as text). */
  trade_date: ColumnType<string, string, string>;
  traded_quantity: bigint;
  delivered_quantity: bigint;
  delivery_bps: number;
}

export interface QuotesTable {
  symbol: string;
  price_paise: bigint;
  previous_close_paise: bigint;
  open_paise: bigint;
  high_paise: bigint;
  low_paise: bigint;
  volume: ColumnType<bigint, bigint | undefined, bigint>;
  turnover_paise: ColumnType<bigint, bigint | undefined, bigint>;
  tick_at_ms: bigint;
  simulated: boolean;
  source: ColumnType<PriceSource, PriceSource | undefined, PriceSource>;
}

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  owner_type: 'user' | 'house';
  user_id: bigint | null;
  purpose: string;
  currency: string;
  balance_minor: bigint | null;
  created_at: DefaultTimestamp;
  /** 'real' or 'paper' (docs/adr/0026-paper-trading.md); a user account's is its user's, set by the database. */
  book: Generated<LedgerBook>;
}

export type LedgerBook = 'real' | 'paper';

/** Each investor's current paper account (migration 0049, docs/adr/0026-paper-trading.md). */
export interface PaperAccountsTable {
  user_id: bigint;
  paper_user_id: bigint;
  opened_at: Timestamp;
  reset_count: Generated<number>;
}

export interface JournalEntriesTable {
  id: Generated<bigint>;
  entry_key: string;
  kind: string;
  reference_type: string | null;
  reference_id: string | null;
  posted_by_type: 'user' | 'staff' | 'system';
  posted_by_id: string | null;
  reverses_entry_id: bigint | null;
  memo: string | null;
  created_at: Timestamp;
}

export interface PostingsTable {
  id: Generated<bigint>;
  entry_id: bigint;
  account_id: bigint;
  amount_minor: bigint;
  currency: string;
  balance_after_minor: bigint | null;
}

export interface WatchlistsTable {
  id: Generated<bigint>;
  user_id: bigint;
  name: string;
  position: number;
  created_at: DefaultTimestamp;
}

export interface WatchlistItemsTable {
  watchlist_id: bigint;
  symbol: string;
  position: number;
  added_at: DefaultTimestamp;
}

export interface SearchHistoryTable {
  user_id: bigint;
  symbol: string;
  searched_at: Timestamp;
}

export interface CorporateActionsTable {
  id: Generated<bigint>;
  symbol: string;
  kind: 'split' | 'bonus' | 'dividend';
  ex_date_ms: bigint;
  ratio_from: Generated<number>;
  ratio_to: Generated<number>;
  dividend_paise: bigint | null;
  created_at: DefaultTimestamp;
}

export interface MessagesTable {
  id: Generated<bigint>;
  user_id: bigint;
  kind: string;
  params: Json;
  dedupe_key: string | null;
  created_at: Timestamp;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CheckinsTable {
  user_id: bigint;
  /** The IST calendar day. A date column: select it as `ist_day::text` ('YYYY-MM-DD'). */
  ist_day: string;
  streak: number;
  checked_in_at: Timestamp;
}

export interface CheckinRewardsTable {
  id: Generated<bigint>;
  required_count: number;
  amount_paise: bigint;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: DefaultTimestamp;
}

export interface CheckinClaimsTable {
  user_id: bigint;
  reward_id: bigint;
  claimed_at: Timestamp;
}

export interface NewsTable {
  id: Generated<bigint>;
  language: 'en' | 'hi' | 'zh';
  title: string;
  cover_url: string | null;
  body_html: string;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: bigint;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

// Funds and identity (ADR 0009).
export interface UploadsTable {
  id: string;
  user_id: bigint;
  purpose: 'kyc' | 'receipt';
  content_type: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  size_bytes: number;
  sha256: string;
  created_at: Timestamp;
}

export interface KycSubmissionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  full_name: string;
  id_type: 'pan' | 'aadhaar';
  id_display: string;
  id_last4: string;
  id_hmac: string;
  front_upload_id: string;
  back_upload_id: string;
  status: Generated<'pending' | 'verified' | 'rejected'>;
  reject_reason: string | null;
  reviewed_by: bigint | null;
  reviewed_at: Timestamp | null;
  submitted_at: Timestamp;
}

export interface PayoutDestinationsTable {
  id: Generated<bigint>;
  user_id: bigint;
  kind: 'bank' | 'wallet';
  holder_name: string | null;
  account_number: string | null;
  ifsc: string | null;
  bank_name: string | null;
  branch_name: string | null;
  network: 'TRC20' | 'ERC20' | null;
  address: string | null;
  match_key: string;
  created_at: Timestamp;
  usable_from: Timestamp;
  removed_at: Timestamp | null;
}

export interface DepositChannelsTable {
  id: Generated<bigint>;
  kind: 'bank' | 'upi' | 'usdt';
  name: string;
  currency: string;
  enabled: Generated<boolean>;
  min_minor: bigint;
  max_minor: bigint;
  window_from: string;
  window_to: string;
  details: Json;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface DepositsTable {
  id: Generated<bigint>;
  user_id: bigint;
  channel_id: bigint;
  amount_minor: bigint;
  currency: string;
  payer_reference: string;
  receipt_upload_id: string;
  source_destination_id: bigint;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reject_reason: string | null;
  reviewed_by: bigint | null;
  reviewed_at: Timestamp | null;
  entry_id: bigint | null;
  created_at: Timestamp;
}

export interface WithdrawalsTable {
  id: Generated<bigint>;
  user_id: bigint;
  destination_id: bigint;
  amount_minor: bigint;
  fee_minor: bigint;
  currency: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  approvals_required: number;
  first_approved_by: bigint | null;
  first_approved_at: Timestamp | null;
  payout_reference: string | null;
  reject_reason: string | null;
  reviewed_by: bigint | null;
  reviewed_at: Timestamp | null;
  hold_entry_id: bigint | null;
  settle_entry_id: bigint | null;
  created_at: Timestamp;
}

export interface ExchangeRatesTable {
  from_currency: string;
  to_currency: string;
  rate_numerator: bigint;
  rate_denominator: bigint;
  spread_bps: number;
  enabled: Generated<boolean>;
  updated_by: bigint | null;
  updated_at: Timestamp;
}

export interface ExchangesTable {
  id: Generated<bigint>;
  user_id: bigint;
  from_currency: string;
  to_currency: string;
  from_minor: bigint;
  to_minor: bigint;
  rate_numerator: bigint;
  rate_denominator: bigint;
  spread_bps: number;
  entry_id: bigint | null;
  created_at: Timestamp;
}

/** Trading calendar rows staff add (migration 0007). */
export interface CalendarDaysTable {
  calendar: Generated<'nse'>;
  date: string;
  kind: 'holiday' | 'special';
  opens_at: string | null;
  closes_at: string | null;
  description: string;
  created_by_staff_id: bigint;
  created_at: Timestamp;
}

export type PositionStateColumn = 'pending' | 'holding' | 'closed' | 'cancelled';
export type PositionOrigin = 'order' | 'block' | 'ipo' | 'follow';
export type PositionCloseReason = 'user' | 'stop_out' | 'square_off' | 'product_end';

export interface PositionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  symbol: string;
  currency: Generated<string>;
  side: 'long' | 'short';
  order_type: 'market' | 'limit' | 'sl' | 'sl-m';
  intraday: Generated<boolean>;
  leverage: number;
  quantity: bigint;
  limit_price_paise: bigint | null;
  trigger_price_paise: bigint | null;
  triggered: Generated<boolean>;
  state: PositionStateColumn;
  placed_at: Timestamp;
  placed_price_paise: bigint;
  held_paise: Generated<bigint>;
  entry_price_paise: bigint | null;
  entry_tick_at: Timestamp | null;
  opened_at: Timestamp | null;
  margin_paise: bigint | null;
  open_fee_paise: bigint | null;
  lock_days: Generated<number>;
  lock_minutes: Generated<number>;
  locked_until: Timestamp | null;
  stop_out_price_paise: bigint | null;
  exit_price_paise: bigint | null;
  exit_tick_at: Timestamp | null;
  closed_at: Timestamp | null;
  close_reason: PositionCloseReason | null;
  close_fee_paise: bigint | null;
  tax_paise: bigint | null;
  pnl_paise: bigint | null;
  payout_paise: bigint | null;
  house_absorbed_paise: bigint | null;
  cancelled_at: Timestamp | null;
  cancel_reason: 'user' | 'expired' | 'funds' | null;
  /** Where the position came from (migration 0014). */
  origin: Generated<PositionOrigin>;
  synced_at: DefaultTimestamp;
  /** A copy-trading mirror: its follow and the strategy position it mirrors (migration 0018). */
  follow_id: bigint | null;
  mirrors_position_id: bigint | null;
  /** CNC, MIS or MTF, generated from intraday and leverage by core productOf's rule (migration 0023). */
  product: ColumnType<'CNC' | 'MIS' | 'MTF', never, never>;
  /** The part sold of a partial sell: the holding it was split from (migration 0025). */
  split_from_id: bigint | null;
  /** Changes of a pending order's terms (migration 0036): names each hold adjustment's entry. */
  modification_count: Generated<number>;
  modified_at: Timestamp | null;
}

/** The charges of one executed order, every line as posted in its journal entry (migration 0023). */
export interface TradeChargesTable {
  id: Generated<bigint>;
  position_id: bigint;
  user_id: bigint;
  leg: 'open' | 'close';
  product: 'CNC' | 'MIS' | 'MTF';
  side: 'buy' | 'sell';
  symbol: string;
  quantity: bigint;
  price_paise: bigint;
  turnover_paise: bigint;
  executed_at: Timestamp;
  /** The IST trade date, 'YYYY-MM-DD'. */
  trade_date: string;
  brokerage_paise: bigint;
  stt_paise: bigint;
  exchange_paise: bigint;
  sebi_paise: bigint;
  stamp_paise: bigint;
  gst_paise: bigint;
  dp_paise: bigint;
  total_paise: bigint;
  journal_entry_id: bigint | null;
}

/** The day's DP charge of a user and scrip, once paid (migration 0029, docs/adr/0020); immutable. */
export interface DpChargeDaysTable {
  user_id: bigint;
  symbol: string;
  trade_date: string;
  trade_charge_id: bigint;
}

/** An issued contract note, immutable (migration 0028, docs/adr/0021-contract-notes.md). */
export interface ContractNotesTable {
  id: Generated<bigint>;
  user_id: bigint;
  /** The IST trade date, 'YYYY-MM-DD'. */
  trade_date: string;
  number: string;
  financial_year: string;
  sequence: number;
  trade_count: number;
  net_obligation_paise: bigint;
  parties: JSONColumnType<ContractNoteParties>;
  pdf: Buffer;
  sha256: string;
  created_at: DefaultTimestamp;
}

/** The broker's and the client's details as printed on a contract note. */
export interface ContractNoteParties {
  broker: { name: string; sebiRegistration: string; address: string; grievanceEmail: string };
  client: { id: string; name: string; phone: string };
}

/** The charge rates in force from an IST date (migration 0024, docs/adr/0020); rates in ppb. */
export interface ChargeSchedulesTable {
  id: Generated<bigint>;
  /** 'YYYY-MM-DD', IST. */
  effective_from: string;
  /** Per product: {kind:'zero'} | {kind:'flat',perOrderPaise} | {kind:'percent',ratePpb,capPaise}, bigints as strings. */
  brokerage_plans: Json;
  stt_delivery_buy_ppb: bigint;
  stt_delivery_sell_ppb: bigint;
  stt_intraday_buy_ppb: bigint;
  stt_intraday_sell_ppb: bigint;
  exchange_ppb: bigint;
  sebi_ppb: bigint;
  stamp_delivery_buy_ppb: bigint;
  stamp_intraday_buy_ppb: bigint;
  gst_ppb: bigint;
  dp_charge_paise: bigint;
  created_by_staff_id: bigint | null;
  reason: string;
  created_at: DefaultTimestamp;
}

/** A block window's reference price, fixed once per trading date, window and symbol (migration 0016). */
export interface BlockReferencePricesTable {
  trading_date: string;
  block_window: 'morning' | 'afternoon';
  symbol: string;
  reference_price_paise: bigint;
  basis: 'previous_close' | 'vwap' | 'last_price';
  vwap_volume: ColumnType<bigint, bigint | undefined, bigint>;
  source_at_ms: bigint;
  fixed_at: Timestamp;
}

/** One block order and the position it became (migration 0016). */
export interface BlockTradesTable {
  id: Generated<bigint>;
  user_id: bigint;
  position_id: bigint;
  side: 'buy';
  symbol: string;
  trading_date: string;
  block_window: 'morning' | 'afternoon';
  quantity: bigint;
  limit_price_paise: bigint | null;
  reference_price_paise: bigint;
  band_lower_paise: bigint;
  band_upper_paise: bigint;
  lock_days: number;
  placed_at: Timestamp;
}

export interface DayTradingApplicationsTable {
  id: Generated<bigint>;
  user_id: bigint;
  state: 'pending' | 'approved' | 'rejected';
  applied_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by_staff_id: bigint | null;
  reason: string | null;
}

export interface LedgerReversalRequestsTable {
  id: Generated<bigint>;
  entry_id: bigint;
  amount_minor: bigint;
  reason: string;
  requested_by: bigint;
  requested_at: Timestamp;
  state: Generated<'pending' | 'approved' | 'rejected'>;
  decided_by: bigint | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
  reversal_entry_id: bigint | null;
}

/** A maker's request that a second staff member approves (migration 0040, ADR 0027). */
export interface ApprovalRequestsTable {
  id: Generated<bigint>;
  kind:
    | 'deposit_channel_payee'
    | 'deposit_approval'
    | 'loan_approval'
    | 'follow_funding'
    | 'parameter_change';
  target_id: string;
  target_label: string;
  payload: Json;
  amount_minor: bigint | null;
  currency: string | null;
  reason: string;
  requested_by: bigint;
  requested_at: Timestamp;
  state: Generated<'pending' | 'approved' | 'rejected'>;
  decided_by: bigint | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
}

export interface LoanQuotaTiersTable {
  min_credit_score: number;
  quota_paise: bigint;
  updated_at: Timestamp;
}

// Securities lending (ADR 0015, migration 0019).
export interface LendingsTable {
  id: Generated<bigint>;
  user_id: bigint;
  position_id: bigint;
  symbol: string;
  quantity: bigint;
  price_paise: bigint;
  value_paise: bigint;
  term_days: number;
  fee_bps_per_day: number;
  expected_fee_paise: bigint;
  state: 'in_progress' | 'completed';
  lent_at: Timestamp;
  term_ends_at: Timestamp;
  completed_at: Timestamp | null;
  end_reason: 'term' | 'position_closed' | null;
  fee_paid_paise: bigint | null;
}

export interface LendingPoolDrawsTable {
  position_id: bigint;
  symbol: string;
  quantity: bigint;
  drawn_at: Timestamp;
}

export interface LendingBorrowFeesTable {
  position_id: bigint;
  ist_date: string;
  user_id: bigint;
  notional_paise: bigint;
  fee_bps_per_day: number;
  fee_paise: bigint;
  charged_paise: bigint;
  waived_paise: bigint;
  charged_at: Timestamp;
}

/** One MTF holding's interest of one IST day (migration 0025). */
export interface MtfInterestChargesTable {
  position_id: bigint;
  ist_date: string;
  user_id: bigint;
  funded_paise: bigint;
  interest_bps_per_day: number;
  interest_paise: bigint;
  charged_paise: bigint;
  waived_paise: bigint;
  charged_at: Timestamp;
}

export interface LoansTable {
  id: Generated<bigint>;
  user_id: bigint;
  principal_paise: bigint;
  term_days: number;
  /** numeric(9,4): arrives as a decimal string. */
  daily_interest_bps: string;
  state: 'pending' | 'rejected' | 'outstanding' | 'repaid';
  applied_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: bigint | null;
  decision_reason: string | null;
  disbursed_at: Timestamp | null;
  due_at: Timestamp | null;
  disburse_entry_id: bigint | null;
  principal_repaid_paise: Generated<bigint>;
  interest_charged_paise: Generated<bigint>;
  interest_repaid_paise: Generated<bigint>;
  interest_from_date: string | null;
  repaid_at: Timestamp | null;
  due_notice_at: Timestamp | null;
}

export interface LoanRepaymentsTable {
  id: Generated<bigint>;
  loan_id: bigint;
  user_id: bigint;
  amount_paise: bigint;
  interest_paise: bigint;
  principal_paise: bigint;
  source: 'cash' | 'staff';
  external_reference: string | null;
  staff_id: bigint | null;
  entry_id: bigint;
  created_at: Timestamp;
}

// Copy-trading (ADR 0014, migration 0018).
export interface FollowProductsTable {
  id: Generated<bigint>;
  name: string;
  description: string;
  strategy_user_id: bigint;
  currency: Generated<string>;
  fund_size_paise: bigint;
  min_investment_paise: bigint;
  copy_until: Timestamp;
  ends_at: Timestamp;
  state: Generated<'in_progress' | 'ended'>;
  taken_down_at: Timestamp | null;
  taken_down_reason: string | null;
  ended_at: Timestamp | null;
  end_reason: 'end_time' | 'staff' | null;
  created_by_staff_id: bigint;
  created_at: Timestamp;
}

export interface FollowsTable {
  id: Generated<bigint>;
  product_id: bigint;
  user_id: bigint;
  amount_paise: bigint;
  state: Generated<'in_progress' | 'ended'>;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  returned_paise: bigint | null;
}

export interface FollowMirrorsTable {
  strategy_position_id: bigint;
  follow_id: bigint;
  follower_position_id: bigint | null;
  outcome: 'mirrored' | 'skipped_zero_quantity' | 'skipped_funds';
  quantity: bigint;
  created_at: Timestamp;
}

/** New shares (IPO, migration 0015). */
export interface IpoIssuesTable {
  id: Generated<bigint>;
  code: string;
  name: string;
  issue_market: 'NSE' | 'BSE';
  sponsor: string;
  provisional_price_paise: bigint;
  final_price_paise: bigint | null;
  lot_size: number;
  min_subscription_shares: number;
  subscriptions_per_user: number;
  offered_shares: bigint;
  money_mode: 'block_at_application' | 'pay_after_allotment';
  opens_at: Timestamp;
  closes_at: Timestamp;
  draw_at: Timestamp;
  allotment_at: Timestamp;
  listing_at: Timestamp;
  seed_commitment: string | null;
  committed_at: Timestamp | null;
  seed: string | null;
  drawn_at: Timestamp | null;
  total_lots: bigint | null;
  allotted_lots: bigint | null;
  lapsed_at: Timestamp | null;
  listed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  cancel_reason: string | null;
  created_by_staff_id: bigint | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IpoSubscriptionsTable {
  id: Generated<bigint>;
  issue_id: bigint;
  user_id: bigint;
  quantity: bigint;
  lots: number;
  state: 'subscribed' | 'won' | 'not_won' | 'payment_due' | 'paid' | 'waived' | 'failed';
  held_paise: Generated<bigint>;
  won_lots: number | null;
  allotted_shares: bigint | null;
  captured_paise: bigint | null;
  released_paise: bigint | null;
  due_paise: bigint | null;
  paid_paise: bigint | null;
  subscribed_at: Timestamp;
  drawn_at: Timestamp | null;
  paid_at: Timestamp | null;
  waived_at: Timestamp | null;
  failed_at: Timestamp | null;
  position_id: bigint | null;
}

/** Investors' second factor (migration 0027, docs/adr/0022-investor-two-factor.md). */
export interface UserSecondFactorsTable {
  user_id: bigint;
  totp_secret: string;
  enabled_at: Timestamp | null;
  last_used_step: bigint | null;
  created_at: Timestamp;
}

export interface UserRecoveryCodesTable {
  id: Generated<bigint>;
  user_id: bigint;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface LoginChallengesTable {
  id: Generated<bigint>;
  user_id: bigint;
  token_hash: string;
  device_hash: string;
  device_label: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  used_at: Timestamp | null;
}

/** Passkeys (migration 0051, docs/adr/0028-passkeys.md). */
export interface UserPasskeysTable {
  id: Generated<bigint>;
  user_id: bigint;
  credential_id: string;
  public_key: Uint8Array;
  sign_counter: bigint;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface PasskeyChallengesTable {
  id: Generated<bigint>;
  user_id: bigint;
  purpose: 'registration' | 'authentication';
  login_challenge_id: bigint | null;
  challenge: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface UserDevicesTable {
  user_id: bigint;
  device_hash: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface SecondFactorResetsTable {
  id: Generated<bigint>;
  user_id: bigint;
  requested_by: bigint;
  request_reason: string;
  requested_at: Timestamp;
  confirmed_by: bigint | null;
  confirm_reason: string | null;
  confirmed_at: Timestamp | null;
}

/** An investor's API app of the Kite-compatible transport (migration 0036, ADR 0025). */
export interface ApiAppsTable {
  id: Generated<bigint>;
  user_id: bigint;
  name: string;
  redirect_url: string;
  api_key: string;
  /** The secret is derived from the server's key and this nonce; only its hash is kept. */
  secret_nonce: string;
  secret_hash: string;
  created_at: Timestamp;
  secret_rotated_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** 'paper': its Kite sessions act as the investor's paper account (migration 0050). */
  book: Generated<LedgerBook>;
}

export interface KiteRequestTokensTable {
  id: Generated<bigint>;
  app_id: bigint;
  user_id: bigint;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface KiteSessionsTable {
  id: Generated<bigint>;
  app_id: bigint;
  user_id: bigint;
  access_token_hash: string;
  refresh_token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  refresh_expires_at: Timestamp;
  revoked_at: Timestamp | null;
  refresh_revoked_at: Timestamp | null;
}

export interface KiteInstrumentTokensTable {
  /** From the sequence `kite_instrument_token_seq`: the token's high bytes. */
  seq: bigint;
  symbol: string;
  instrument_token: bigint;
}

/** Price alerts (migration 0059, docs/adr/0034-price-alerts.md). */
export interface PriceAlertsTable {
  id: Generated<bigint>;
  user_id: bigint;
  symbol: string;
  direction: 'at_or_above' | 'at_or_below';
  level_paise: bigint;
  state: Generated<'active' | 'triggered'>;
  created_at: DefaultTimestamp;
  triggered_at: Date | null;
  triggered_price_paise: bigint | null;
}

/** GTT triggers (migration 0047, docs/adr/0031-gtt-and-after-market-orders.md). */
export interface GttTriggersTable {
  id: Generated<bigint>;
  user_id: bigint;
  symbol: string;
  type: 'single' | 'two-leg';
  status: 'active' | 'triggered' | 'cancelled' | 'expired' | 'rejected';
  last_price_paise: bigint;
  trigger_paise: bigint;
  transaction_type: 'BUY' | 'SELL';
  product: 'CNC' | 'MIS' | 'MTF';
  quantity: bigint;
  price_paise: bigint;
  second_trigger_paise: bigint | null;
  second_transaction_type: 'BUY' | 'SELL' | null;
  second_product: 'CNC' | 'MIS' | 'MTF' | null;
  second_quantity: bigint | null;
  second_price_paise: bigint | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
  fired_leg: number | null;
  fired_price_paise: bigint | null;
  position_id: bigint | null;
  reject_code: string | null;
}

/** After-market orders waiting for the open (migration 0048). */
export interface AfterMarketOrdersTable {
  id: Generated<bigint>;
  user_id: bigint;
  symbol: string;
  status: 'pending' | 'placed' | 'cancelled' | 'rejected';
  transaction_type: 'BUY' | 'SELL';
  product: 'CNC' | 'MIS' | 'MTF';
  order_type: 'market' | 'limit' | 'sl' | 'sl-m';
  quantity: bigint;
  price_paise: bigint | null;
  trigger_price_paise: bigint | null;
  placed_at: Timestamp;
  release_at: Timestamp;
  modified_at: Timestamp | null;
  settled_at: Timestamp | null;
  position_id: bigint | null;
  reject_code: string | null;
}

/** One trading day's end-of-day report as computed (migration 0057, ADR 0033); immutable. */
export interface DailyReportsTable {
  trade_date: string;
  period_start_at: Timestamp;
  period_end_at: Timestamp;
  figures: Json;
  computed_at: Timestamp;
  computed_by_type: 'system' | 'staff';
  computed_by: bigint | null;
  reason: string | null;
}

/** An alert while its condition holds, and after it cleared (migration 0058, ADR 0033). */
export interface AlertsTable {
  id: Generated<bigint>;
  condition_key: string;
  kind: 'queue_overdue' | 'feed_stale' | 'reconciliation_failed';
  summary: string;
  raised_at: Timestamp;
  cleared_at: Timestamp | null;
}

/** One try to deliver an alert to the mail or the webhook (migration 0058). */
export interface AlertDeliveriesTable {
  id: Generated<bigint>;
  alert_id: bigint;
  channel: 'webhook' | 'mail';
  attempt: number;
  attempted_at: Timestamp;
  delivered: boolean;
  http_status: number | null;
  error: string | null;
}

/** A bank's statement column names, saved per bank (migration 0055, ADR 0032). */
export interface BankStatementMappingsTable {
  id: Generated<bigint>;
  bank_name: string;
  date_column: string;
  narration_column: string;
  reference_column: string;
  debit_column: string;
  credit_column: string;
  balance_column: string | null;
  updated_by: bigint;
  updated_at: Timestamp;
}

/** A bank statement finance uploaded (migration 0055, ADR 0032). */
export interface BankStatementsTable {
  id: Generated<bigint>;
  mapping_id: bigint;
  file_name: string;
  content_sha256: string;
  first_date: string;
  last_date: string;
  line_count: number;
  uploaded_by: bigint;
  uploaded_at: Timestamp;
}

/** One transaction of an uploaded statement, and the deposit or payout it was matched to. */
export interface BankStatementLinesTable {
  id: Generated<bigint>;
  statement_id: bigint;
  line_number: number;
  value_date: string;
  narration: string;
  reference: string;
  debit_minor: bigint;
  credit_minor: bigint;
  balance_minor: bigint | null;
  deposit_id: bigint | null;
  withdrawal_id: bigint | null;
  matched_by: bigint | null;
  matched_at: Timestamp | null;
}

/** A bulk payment file finance exported (migration 0056, ADR 0032). */
export interface PayoutBatchesTable {
  id: Generated<bigint>;
  item_count: number;
  total_minor: bigint;
  currency: string;
  exported_by: bigint;
  exported_at: Timestamp;
}

/** A withdrawal in a bulk payment file, with the reference the bank echoes and the net sent. */
export interface PayoutBatchItemsTable {
  batch_id: bigint;
  withdrawal_id: bigint;
  payment_reference: string;
  amount_minor: bigint;
  beneficiary_name: string;
  account_number: string;
  ifsc: string;
}

export interface Database {
  price_alerts: PriceAlertsTable;
  loans: LoansTable;
  loan_repayments: LoanRepaymentsTable;
  lendings: LendingsTable;
  lending_pool_draws: LendingPoolDrawsTable;
  lending_borrow_fees: LendingBorrowFeesTable;
  mtf_interest_charges: MtfInterestChargesTable;
  follow_products: FollowProductsTable;
  follows: FollowsTable;
  follow_mirrors: FollowMirrorsTable;
  ipo_issues: IpoIssuesTable;
  ipo_subscriptions: IpoSubscriptionsTable;
  loan_quota_tiers: LoanQuotaTiersTable;
  checkins: CheckinsTable;
  checkin_rewards: CheckinRewardsTable;
  checkin_claims: CheckinClaimsTable;
  news: NewsTable;
  // Funds and identity (ADR 0009).
  uploads: UploadsTable;
  kyc_submissions: KycSubmissionsTable;
  payout_destinations: PayoutDestinationsTable;
  deposit_channels: DepositChannelsTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  exchange_rates: ExchangeRatesTable;
  exchanges: ExchangesTable;
  positions: PositionsTable;
  trade_charges: TradeChargesTable;
  contract_notes: ContractNotesTable;
  dp_charge_days: DpChargeDaysTable;
  charge_schedules: ChargeSchedulesTable;
  day_trading_applications: DayTradingApplicationsTable;
  block_reference_prices: BlockReferencePricesTable;
  block_trades: BlockTradesTable;
  ledger_reversal_requests: LedgerReversalRequestsTable;
  approval_requests: ApprovalRequestsTable;
  messages: MessagesTable;
  watchlists: WatchlistsTable;
  watchlist_items: WatchlistItemsTable;
  search_history: SearchHistoryTable;
  corporate_actions: CorporateActionsTable;
  ledger_accounts: LedgerAccountsTable;
  paper_accounts: PaperAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  users: UsersTable;
  invitation_codes: InvitationCodesTable;
  user_flags: UserFlagsTable;
  sessions: SessionsTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  password_reset_codes: PasswordResetCodesTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  config_entries: ConfigEntriesTable;
  parameters: ParametersTable;
  instruments: InstrumentsTable;
  candles: CandlesTable;
  quotes: QuotesTable;
  daily_deliveries: DailyDeliveriesTable;
  calendar_days: CalendarDaysTable;
  user_second_factors: UserSecondFactorsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  user_devices: UserDevicesTable;
  second_factor_resets: SecondFactorResetsTable;
  api_apps: ApiAppsTable;
  kite_request_tokens: KiteRequestTokensTable;
  kite_sessions: KiteSessionsTable;
  kite_instrument_tokens: KiteInstrumentTokensTable;
  staff_second_factor_resets: StaffSecondFactorResetsTable;
  user_notes: UserNotesTable;
  user_passkeys: UserPasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  gtt_triggers: GttTriggersTable;
  after_market_orders: AfterMarketOrdersTable;
  daily_reports: DailyReportsTable;
  alerts: AlertsTable;
  alert_deliveries: AlertDeliveriesTable;
  bank_statement_mappings: BankStatementMappingsTable;
  bank_statements: BankStatementsTable;
  bank_statement_lines: BankStatementLinesTable;
  payout_batches: PayoutBatchesTable;
  payout_batch_items: PayoutBatchItemsTable;
}
