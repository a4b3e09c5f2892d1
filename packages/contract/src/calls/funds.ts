import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyInput, MoneyString, Obj, Password } from '../schema.js';
import { StatementRow } from './statement.js';

/**
 * Funds and identity (docs/adr/0009-funds-evidence-and-review.md), investor side: KYC, payout
 * destinations (bank cards and wallets), deposits (recharge), withdrawals (cash out), currency
 * exchange and fund records. Uploads are a multipart route outside this table
 * (`POST /api/vue/upload/file`, see docs/api.md).
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const UploadId = Type.String({ pattern: '^[0-9a-f]{32}$', description: 'uploadId from upload/file' });
const Currency = Type.String({ pattern: '^[A-Z]{3,5}$' });
const Nullable = <T extends import('typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const ReviewState = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);

export const KycState = Type.Union([
  Type.Literal('unverified'),
  Type.Literal('pending'),
  Type.Literal('verified'),
  Type.Literal('rejected'),
]);

export const authSubmit = defineCall({
  path: 'user/authSubmit',
  operation: 'submit',
  summary:
    'Submit KYC: the legal name, a PAN or Aadhaar number and the uploaded front and back images. Allowed when not verified and not under review (so again after a rejection).',
  body: Obj({
    realName: Type.String({ minLength: 1, maxLength: 100 }),
    idType: Type.Union([Type.Literal('pan'), Type.Literal('aadhaar')]),
    idNumber: Type.String({ minLength: 1, maxLength: 20 }),
    frontImage: UploadId,
    backImage: UploadId,
  }),
  data: Obj({ status: KycState, submittedAt: EpochMs }),
  auth: true,
  mutates: true,
});

export const KycSubmission = Obj({
  id: Type.String(),
  realName: Type.String(),
  idType: Type.Union([Type.Literal('pan'), Type.Literal('aadhaar')]),
  idNumber: Type.String({ description: 'a PAN in full; an Aadhaar number masked to its last 4 digits' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified'), Type.Literal('rejected')]),
  rejectReason: Nullable(Type.String()),
  frontImage: Type.String(),
  backImage: Type.String(),
  submittedAt: EpochMs,
  reviewedAt: Nullable(EpochMs),
});

export const authInfo = defineCall({
  path: 'user/authInfo',
  summary: 'The investor’s KYC state and latest submission (with the rejection reason, if any).',
  body: Empty,
  data: Obj({ status: KycState, realName: Nullable(Type.String()), submission: Nullable(KycSubmission) }),
  auth: true,
  mutates: false,
});

export const PayoutDestination = Obj({
  id: Type.String(),
  kind: Type.Union([Type.Literal('bank'), Type.Literal('wallet')]),
  holderName: Nullable(Type.String()),
  accountNumber: Nullable(Type.String({ description: 'masked: XXXX and the last 4 digits' })),
  ifsc: Nullable(Type.String()),
  bankName: Nullable(Type.String()),
  branchName: Nullable(Type.String()),
  network: Nullable(Type.String()),
  address: Nullable(Type.String()),
  createdAt: EpochMs,
  usableFrom: EpochMs,
  usable: Type.Boolean({ description: 'the cooling-off after adding it has passed' }),
});

const DestinationList = Obj({ items: Type.Array(PayoutDestination) });

export const bankList = defineCall({
  path: 'bank/list',
  summary: 'The investor’s bank cards (payout and deposit-source accounts).',
  body: Empty,
  data: DestinationList,
  auth: true,
  mutates: false,
});

export const bankAdd = defineCall({
  path: 'bank/add',
  operation: 'add',
  summary:
    'Add a bank account in the investor’s own name (the KYC name, ignoring case and spaces). It can receive a withdrawal after the cooling-off.',
  body: Obj({
    holderName: Type.String({ minLength: 1, maxLength: 100 }),
    accountNumber: Type.String({ minLength: 1, maxLength: 30 }),
    ifsc: Type.String({ minLength: 1, maxLength: 20 }),
    bankName: Type.Optional(Type.String({ maxLength: 100 })),
    branchName: Type.Optional(Type.String({ maxLength: 100 })),
  }),
  data: PayoutDestination,
  auth: true,
  mutates: true,
});

const Unbind = Obj({ id: Id, fundPassword: Password });

export const bankUnbind = defineCall({
  path: 'bank/unbind',
  operation: 'unbind',
  summary: 'Remove a bank card; the fund password confirms it.',
  body: Unbind,
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const walletList = defineCall({
  path: 'wallet/list',
  summary:
    'The investor’s USDT wallet addresses, and whether crypto is switched on (while off, no wallet can be added).',
  body: Empty,
  data: Obj({ items: Type.Array(PayoutDestination), cryptoEnabled: Type.Boolean() }),
  auth: true,
  mutates: false,
});

export const walletAdd = defineCall({
  path: 'wallet/add',
  operation: 'add',
  summary: 'Register a USDT wallet address (TRC20 or ERC20); refused while crypto is switched off.',
  body: Obj({
    // Checked by the use case (not the schema) so that a missing network is refused as
    // WALLET_NETWORK_REQUIRED, after CRYPTO_DISABLED, instead of a schema message.
    network: Type.Optional(Type.String({ maxLength: 10, description: 'TRC20 or ERC20' })),
    address: Type.String({ minLength: 1, maxLength: 100 }),
  }),
  data: PayoutDestination,
  auth: true,
  mutates: true,
});

export const walletUnbind = defineCall({
  path: 'wallet/unbind',
  operation: 'unbind',
  summary: 'Remove a wallet address; the fund password confirms it.',
  body: Unbind,
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const DepositChannelDetails = Obj({
  accountName: Type.Optional(Type.String({ maxLength: 100 })),
  accountNumber: Type.Optional(Type.String({ maxLength: 30 })),
  ifsc: Type.Optional(Type.String({ maxLength: 20 })),
  bankName: Type.Optional(Type.String({ maxLength: 100 })),
  vpa: Type.Optional(Type.String({ maxLength: 100, description: 'UPI virtual payment address' })),
  payeeName: Type.Optional(Type.String({ maxLength: 100 })),
  network: Type.Optional(Type.Union([Type.Literal('TRC20'), Type.Literal('ERC20')])),
  address: Type.Optional(Type.String({ maxLength: 100 })),
});

export const DepositChannel = Obj({
  id: Type.String(),
  kind: Type.Union([Type.Literal('bank'), Type.Literal('upi'), Type.Literal('usdt')]),
  name: Type.String(),
  currency: Type.String(),
  min: MoneyString,
  max: MoneyString,
  windowFrom: Type.String({ description: 'HH:MM IST' }),
  windowTo: Type.String({ description: 'HH:MM IST, the end minute included; 24:00 is midnight' }),
  details: DepositChannelDetails,
  qrCode: Nullable(
    Type.String({ description: 'PNG data URL, 256 x 256, error correction H (UPI and USDT channels)' }),
  ),
  payerReference: Type.Union([Type.Literal('utr'), Type.Literal('tx_hash')]),
});

export const rechargeChannels = defineCall({
  path: 'recharge/channels',
  summary: 'The enabled deposit channels, each with its limits, daily window, payee details and QR code.',
  body: Empty,
  data: Obj({ items: Type.Array(DepositChannel) }),
  auth: true,
  mutates: false,
});

export const DepositRecord = Obj({
  id: Type.String(),
  channelId: Type.String(),
  channelName: Type.String(),
  amount: MoneyString,
  currency: Type.String(),
  payerReference: Type.String(),
  receiptImage: Type.String(),
  sourceId: Type.String(),
  status: ReviewState,
  rejectReason: Nullable(Type.String()),
  createdAt: EpochMs,
  reviewedAt: Nullable(EpochMs),
});

export const rechargeSubmit = defineCall({
  path: 'recharge/submit',
  operation: 'deposit',
  summary:
    'Report a payment made to a channel, with the payer’s reference (UTR or transaction hash), the uploaded receipt and the source account it came from; staff review it.',
  body: Obj({
    channelId: Id,
    amount: MoneyInput,
    payerReference: Type.String({ minLength: 1, maxLength: 80 }),
    receiptImage: UploadId,
    sourceId: Id,
  }),
  data: DepositRecord,
  auth: true,
  mutates: true,
});

export const WithdrawalQuote = Obj({
  amount: MoneyString,
  fee: MoneyString,
  net: MoneyString,
  currency: Type.String(),
  withdrawable: MoneyString,
  min: MoneyString,
  max: MoneyString,
  windowFrom: Type.String(),
  windowTo: Type.String(),
  workingDaysOnly: Type.Boolean(),
  inWindow: Type.Boolean({ description: 'a request now would be inside the window' }),
  arrival: Type.String({ description: 'expected arrival text from config (withdrawal_arrival)' }),
});

export const cashoutQuote = defineCall({
  path: 'cashout/quote',
  summary:
    'What a withdrawal of this amount would pay out: the fee taken from it, the net, the limits, the window and the expected arrival. Shown before confirming.',
  body: Obj({ amount: Type.Optional(MoneyInput), destinationId: Type.Optional(Id) }),
  data: WithdrawalQuote,
  auth: true,
  mutates: false,
});

export const WithdrawalRecord = Obj({
  id: Type.String(),
  destinationId: Type.String(),
  destination: Type.String({ description: 'bank and masked account, or network and address' }),
  amount: MoneyString,
  fee: MoneyString,
  net: MoneyString,
  currency: Type.String(),
  status: ReviewState,
  approvals: Type.Integer(),
  approvalsRequired: Type.Integer(),
  payoutReference: Nullable(Type.String()),
  rejectReason: Nullable(Type.String()),
  createdAt: EpochMs,
  reviewedAt: Nullable(EpochMs),
  arrival: Type.String(),
});

export const cashoutSubmit = defineCall({
  path: 'cashout/submit',
  operation: 'withdraw',
  summary:
    'Request a withdrawal to one of the investor’s own destinations; the amount moves to the withdrawal hold until staff pay or reject it.',
  body: Obj({ amount: MoneyInput, destinationId: Id, fundPassword: Password }),
  data: WithdrawalRecord,
  auth: true,
  mutates: true,
});

export const ExchangeRateView = Obj({
  from: Type.String(),
  to: Type.String(),
  rate: Type.String({ description: 'units of `to` per unit of `from`, before the spread' }),
  spreadBps: Type.Integer(),
});

export const exchangeRates = defineCall({
  path: 'exchange/rates',
  summary: 'The enabled currency pairs with the rate staff set and the spread.',
  body: Empty,
  data: Obj({ items: Type.Array(ExchangeRateView) }),
  auth: true,
  mutates: false,
});

const ExchangeRequest = Obj({ from: Currency, to: Currency, amount: MoneyInput });

export const ExchangeQuote = Obj({
  from: Type.String(),
  to: Type.String(),
  amount: MoneyString,
  receive: MoneyString,
  rate: Type.String(),
  spreadBps: Type.Integer(),
});

export const exchangeQuote = defineCall({
  path: 'exchange/quote',
  summary: 'What exchanging this amount would give, at the current rate less the spread, rounded down.',
  body: ExchangeRequest,
  data: ExchangeQuote,
  auth: true,
  mutates: false,
});

export const ExchangeRecord = Obj({
  id: Type.String(),
  from: Type.String(),
  to: Type.String(),
  amount: MoneyString,
  receive: MoneyString,
  rate: Type.String(),
  spreadBps: Type.Integer(),
  entryId: Type.String(),
  createdAt: EpochMs,
});

export const exchangeSubmit = defineCall({
  path: 'exchange/submit',
  operation: 'exchange',
  summary: 'Exchange cash between two of the investor’s currency accounts in one balanced entry.',
  body: ExchangeRequest,
  data: ExchangeRecord,
  auth: true,
  mutates: true,
});

const Page = {
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,19}$', description: 'nextCursor of the previous page' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

export const exchangeRecords = defineCall({
  path: 'exchange/records',
  summary: 'The investor’s exchanges, newest first.',
  body: Obj(Page),
  data: Obj({ items: Type.Array(ExchangeRecord), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
});

export const FundRecord = Obj({
  id: Type.String({ description: 'deposit or withdrawal id (order number); entry id for trades' }),
  tab: Type.Union([Type.Literal('trade'), Type.Literal('recharge'), Type.Literal('withdrawal')]),
  kind: Type.String({ description: 'entry kind for trades; deposit or withdrawal otherwise' }),
  status: Type.Union([ReviewState, Type.Literal('posted')]),
  amount: MoneyString,
  fee: MoneyString,
  currency: Type.String(),
  reference: Nullable(Type.String({ description: 'UTR or transaction hash; payout reference' })),
  detail: Nullable(Type.String({ description: 'channel name, or destination' })),
  rejectReason: Nullable(Type.String()),
  createdAt: EpochMs,
  decidedAt: Nullable(EpochMs),
  postings: Type.Array(StatementRow, { description: 'the ledger rows behind the record' }),
});

export const fundRecords = defineCall({
  path: 'user/fundRecords',
  summary:
    'The spec’s fund-record tabs: trade (entries of trade kinds), recharge (deposits) and withdrawal (withdrawals), newest first, each with its state and the ledger postings behind it.',
  body: Obj({
    tab: Type.Union([Type.Literal('trade'), Type.Literal('recharge'), Type.Literal('withdrawal')]),
    ...Page,
  }),
  data: Obj({ items: Type.Array(FundRecord), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
});
