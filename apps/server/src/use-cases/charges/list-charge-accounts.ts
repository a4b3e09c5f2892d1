import type { DataOf, listChargeAccounts as listChargeAccountsCall } from '@nivesh/contract';
import { formatPaise, HOUSE_CHARGE_PURPOSES } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { houseAccountId, sumAccountPostings } from '../../repositories/ledger.repository.js';

/** Whom each house charge account's balance belongs to (docs/adr/0020). */
const OWED_TO = {
  house_brokerage: 'broker',
  house_dp_charges: 'broker',
  house_stt_payable: 'government',
  house_stamp_duty_payable: 'government',
  house_gst_payable: 'government',
  house_exchange_charges_payable: 'exchange',
  house_sebi_fees_payable: 'sebi',
} as const;

/**
 * The house charge accounts (INR) and their balances, summed from their postings (house accounts
 * keep no cached balance, ADR 0003): what the broker earned and what it owes to whom.
 */
export async function listChargeAccounts(deps: AppDeps): Promise<DataOf<typeof listChargeAccountsCall>> {
  const items = [];
  for (const purpose of HOUSE_CHARGE_PURPOSES) {
    const id = await houseAccountId(deps.db, purpose, 'INR');
    items.push({
      purpose,
      owedTo: OWED_TO[purpose],
      currency: 'INR',
      balance: formatPaise(await sumAccountPostings(deps.db, id)),
    });
  }
  return { items };
}
