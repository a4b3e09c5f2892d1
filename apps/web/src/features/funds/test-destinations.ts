import type { Destination } from './api';

/** A payout bank card as bank/list answers it, usable at once: the funds tests' usual card. */
export const BANK_CARD: Destination = {
  id: '7',
  kind: 'bank',
  holderName: 'Asha Rao',
  accountNumber: 'XXXX9012',
  ifsc: 'SBIN0001234',
  bankName: 'State Bank of India',
  branchName: null,
  network: null,
  address: null,
  createdAt: 0,
  usableFrom: 0,
  usable: true,
};
