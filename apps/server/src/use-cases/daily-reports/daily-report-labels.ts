import type { CHARGE_COMPONENTS } from '@nivesh/contract';

/** The charge lines as a contract note names them (docs/adr/0020). */
export const CHARGE_LABELS: Record<(typeof CHARGE_COMPONENTS)[number], string> = {
  brokerage: 'Brokerage',
  stt: 'Securities transaction tax (STT)',
  exchange: 'Exchange transaction charges',
  sebi: 'SEBI turnover fees',
  stamp: 'Stamp duty',
  gst: 'GST',
  dp: 'DP charges',
};

export const QUEUE_LABELS: Record<string, string> = {
  kyc: 'KYC',
  day_trading: 'Day trading',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  loans: 'Loans',
  approvals: 'Second approvals',
};
