import type { DataOf, getUserinfo } from '@nivesh/contract';
import {
  type AccountBalances,
  accountBalancesOf,
  allotmentValue,
  type CurrencyCode,
  deriveAccountView,
  formatPaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findOwnInvitationCode } from '../../repositories/invitation-code.repository.js';
import { findUserAllotmentsAwaitingListing } from '../../repositories/ipo.repository.js';
import { listUserBalances } from '../../repositories/ledger.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { unrealisedPnlByCurrency } from '../trading/unrealised-pnl.js';

type Balances = DataOf<typeof getUserinfo>['balances'];

/**
 * The signed-in investor and the account centre's figures per currency, each derived from ledger
 * balances by the named functions of `@nivesh/core` (see docs/glossary.md), with the open
 * positions valued at live feed prices (profit, and so total assets) and the IPO allotments awaiting
 * listing at their allotment price (INR: the issues are rupee issues; ADR 0011).
 */
export async function getUserInfo(deps: AppDeps, context: UserContext): Promise<DataOf<typeof getUserinfo>> {
  // The person is always the investor; the balances are the book the session acts in (docs/adr/0026).
  const user = (await findUserById(deps.db, context.user.realUserId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const ownCode = await findOwnInvitationCode(deps.db, user.id);
  const bookUserId = context.user.id;
  const rows = await listUserBalances(deps.db, bookUserId);
  const unrealised = await unrealisedPnlByCurrency(deps, bookUserId);
  const allottedPaise = (await findUserAllotmentsAwaitingListing(deps.db, bookUserId)).reduce(
    (sum, allotment) => sum + allotmentValue(allotment.allottedShares, allotment.allotmentPricePaise),
    0n,
  );
  const currencies = [...new Set(['INR', ...rows.map((row) => row.currency)])];
  const accounts = currencies.map((currency) => {
    const byPurpose = new Map(
      rows.filter((row) => row.currency === currency).map((row) => [row.purpose, row.balanceMinor]),
    );
    const balances = accountBalancesOf(
      byPurpose,
      unrealised.get(currency) ?? 0n,
      currency === 'INR' ? allottedPaise : 0n,
    );
    const view = viewOf(currency as CurrencyCode, balances);
    // Paper money is never withdrawable (docs/adr/0026-paper-trading.md).
    return context.user.book === 'paper' ? { ...view, withdrawable: formatPaise(0n) } : view;
  });
  return {
    id: String(user.id),
    account: user.phone,
    phone: user.phone,
    inviteCode: ownCode ?? '',
    realName: user.realName,
    realNameStatus: user.kycStatus,
    creditScore: user.creditScore,
    hasFundPassword: user.fundPasswordHash !== null,
    dayTrading: user.dayTradingStatus,
    flags: [...context.user.flags],
    language: user.language,
    createdAt: user.createdAtMs,
    balances: accounts[0]!,
    accounts,
    book: context.user.book,
  };
}

function viewOf(currency: CurrencyCode, balances: AccountBalances): Balances {
  const view = deriveAccountView(balances);
  return {
    currency,
    totalAssets: formatPaise(view.totalAssets),
    liabilities: formatPaise(view.liabilities),
    netAssets: formatPaise(view.netAssets),
    available: formatPaise(view.available),
    frozen: formatPaise(view.frozen),
    profit: formatPaise(view.profit),
    withdrawable: formatPaise(view.withdrawable),
    invested: formatPaise(view.invested),
    allotted: formatPaise(view.allotted),
  };
}
