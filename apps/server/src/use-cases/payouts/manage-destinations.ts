import { createHash } from 'node:crypto';
import type { BodyOf, bankAdd, bankUnbind, walletAdd } from '@nivesh/contract';
import {
  checkIfsc,
  checkWalletAddress,
  normaliseBankAccountNumber,
  normalisePersonName,
  walletAddressKey,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, InvestorUseCase, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { readFundsSettings } from '../../repositories/funds-settings.repository.js';
import {
  type DestinationValues,
  type DestinationView,
  findOwnActiveDestination,
  insertDestination,
  listActiveDestinations,
  markDestinationRemoved,
  toDestinationView,
} from '../../repositories/payout-destination.repository.js';
import { findUserById, lockUserById } from '../../repositories/user.repository.js';
import { hasPendingWithdrawalTo } from '../../repositories/withdrawal.repository.js';
import { verifyFundPassword } from '../accounts/verify-fund-password.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { requireKycVerified } from '../funds/fund-gates.js';

/** At most this many bank cards and wallets at once per investor. */
export const DESTINATIONS_PER_USER_MAX = 10;

export async function listDestinations(
  db: Db,
  context: UserContext,
  kind: 'bank' | 'wallet',
): Promise<{ items: DestinationView[] }> {
  const rows = await listActiveDestinations(db, context.user.id, kind);
  return { items: rows.map((row) => toDestinationView(row, context.nowMs)) };
}

/** The investor's wallets, and whether crypto is on (the app offers no wallet form while it is off). */
export async function listWallets(
  deps: AppDeps,
  context: UserContext,
): Promise<{ items: DestinationView[]; cryptoEnabled: boolean }> {
  const settings = await readFundsSettings(deps.db);
  return { ...(await listDestinations(deps.db, context, 'wallet')), cryptoEnabled: settings.cryptoEnabled };
}

/**
 * Adds a bank account. It must be in the investor's own name: the holder name must equal the KYC
 * name after normalising case and spaces ("must belong to the holder"), so KYC comes first. The IFSC
 * is checked by format and bank code; the same account cannot be active twice, for anyone.
 */
export const addBankAccount: InvestorUseCase<typeof bankAdd> = async (deps, context, input) => {
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  requireKycVerified(user);
  const settings = await readFundsSettings(deps.db);
  if (normalisePersonName(input.holderName) !== normalisePersonName(user.realName ?? ''))
    refuse('CARD_NOT_HOLDERS');
  const accountNumber =
    normaliseBankAccountNumber(input.accountNumber) ?? refuse('BANK_ACCOUNT_NUMBER_INVALID');
  const ifsc = checkIfsc(input.ifsc, settings.extraBankCodes);
  if (!ifsc.ok) {
    if (ifsc.reason === 'format') refuse('IFSC_INVALID');
    refuse('BANK_UNKNOWN', { bankCode: input.ifsc.replace(/\s/g, '').toUpperCase().slice(0, 4) });
  }
  const bank = ifsc as Extract<typeof ifsc, { ok: true }>;
  return addDestination(deps, context, settings.coolingOffHours, 'CARD_EXISTS', {
    kind: 'bank',
    holder_name: user.realName,
    account_number: accountNumber,
    ifsc: bank.ifsc,
    bank_name: input.bankName?.trim() || bank.bankName,
    branch_name: input.branchName?.trim() || null,
    network: null,
    address: null,
    match_key: `${bank.ifsc}:${accountNumber}`,
  });
};

/**
 * Registers a USDT wallet address, checked for its network (a TRC20 address's Base58Check checksum
 * included). Only while crypto is switched on, and only after KYC.
 */
export const addWallet: InvestorUseCase<typeof walletAdd> = async (deps, context, input) => {
  const settings = await readFundsSettings(deps.db);
  if (!settings.cryptoEnabled) refuse('CRYPTO_DISABLED');
  const network = input.network;
  if (network !== 'TRC20' && network !== 'ERC20') refuse('WALLET_NETWORK_REQUIRED');
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  requireKycVerified(user);
  const check = checkWalletAddress(network as 'TRC20' | 'ERC20', input.address);
  if (!check.ok || !hasValidTronChecksum(check))
    refuse('WALLET_ADDRESS_INVALID', { network: network as string });
  const wallet = check as Extract<typeof check, { ok: true }>;
  return addDestination(deps, context, settings.coolingOffHours, 'WALLET_EXISTS', {
    kind: 'wallet',
    holder_name: null,
    account_number: null,
    ifsc: null,
    bank_name: null,
    branch_name: null,
    network: wallet.network,
    address: wallet.address,
    match_key: `${wallet.network}:${walletAddressKey(wallet.network, wallet.address)}`,
  });
};

function hasValidTronChecksum(check: ReturnType<typeof checkWalletAddress>): boolean {
  if (!check.ok || !check.checksumPayload) return true;
  const once = createHash('sha256').update(check.checksumPayload.payload).digest();
  const twice = createHash('sha256').update(once).digest();
  return Buffer.from(check.checksumPayload.checksum).equals(twice.subarray(0, 4));
}

async function addDestination(
  deps: AppDeps,
  context: UserContext,
  coolingOffHours: number,
  duplicateCode: 'CARD_EXISTS' | 'WALLET_EXISTS',
  values: DestinationValues,
): Promise<DestinationView> {
  try {
    const row = await inTransaction(deps.db, async (trx) => {
      await lockUserById(trx, context.user.id);
      const active = await listActiveDestinations(trx, context.user.id);
      if (
        active.some(
          (destination) => destination.kind === values.kind && destination.match_key === values.match_key,
        )
      ) {
        refuse(duplicateCode);
      }
      if (active.length >= DESTINATIONS_PER_USER_MAX)
        refuse('DESTINATION_LIMIT_REACHED', { limit: DESTINATIONS_PER_USER_MAX });
      const inserted = await insertDestination(trx, {
        userId: context.user.id,
        values,
        atMs: context.nowMs,
        usableFromMs: context.nowMs + coolingOffHours * 3_600_000,
      });
      await auditUserAct(trx, context, {
        action: `payout_destination.add`,
        target: { type: 'payout_destination', id: inserted.id },
        after: {
          kind: values.kind,
          matchKey:
            values.kind === 'bank'
              ? `${values.ifsc}:XXXX${values.account_number?.slice(-4)}`
              : values.match_key,
        },
      });
      return inserted;
    });
    return toDestinationView(row, context.nowMs);
  } catch (error) {
    // The same account is active for another investor (the partial unique index).
    if (isUniqueViolation(error, 'payout_destinations_active_once')) refuse(duplicateCode);
    throw error;
  }
}

/**
 * Removes (unbinds) a destination of the investor's own, confirmed by the fund password. A destination
 * with a withdrawal in progress stays until that withdrawal is decided.
 */
export async function unbindDestination(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof bankUnbind>,
  kind: 'bank' | 'wallet',
): Promise<null> {
  const id = BigInt(input.id);
  const destination = await findOwnActiveDestination(deps.db, context.user.id, id);
  if (!destination || destination.kind !== kind)
    refuse(kind === 'bank' ? 'CARD_NOT_FOUND' : 'PAYOUT_DESTINATION_REQUIRED');
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  await verifyFundPassword(deps, context, user, input.fundPassword);
  await inTransaction(deps.db, async (trx) => {
    await lockUserById(trx, context.user.id);
    if (await hasPendingWithdrawalTo(trx, id)) refuse('OTHER_FUND_OPERATION_PENDING');
    if (!(await markDestinationRemoved(trx, id, context.nowMs)))
      refuse(kind === 'bank' ? 'CARD_NOT_FOUND' : 'PAYOUT_DESTINATION_REQUIRED');
    await auditUserAct(trx, context, {
      action: 'payout_destination.unbind',
      target: { type: 'payout_destination', id },
      before: { kind },
    });
  });
  return null;
}
