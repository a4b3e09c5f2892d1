import type { Migration } from 'kysely';
import { foundation } from './0001-foundation.js';
import { market } from './0002-market.js';
import { ledger } from './0003-ledger.js';
import { watchlists } from './0004-watchlists.js';
import { ledgerCheckOnce } from './0005-ledger-check-once.js';
import { messages } from './0006-messages.js';
import { calendarDays } from './0007-calendar-days.js';
import { trading } from './0008-trading.js';
import { funds } from './0009-funds.js';
import { postEntryFunction } from './0010-post-entry-function.js';
import { consoleOperations } from './0011-console.js';
import { engagement } from './0012-engagement.js';
import { loanQuota } from './0013-loan-quota.js';
import { positionsOrigin } from './0014-positions-origin.js';
import { ipo } from './0015-ipo.js';
import { blockTrades } from './0016-block-trades.js';
import { loans } from './0017-loans.js';
import { follow } from './0018-follow.js';
import { lending } from './0019-lending.js';
import { tradingFunctions } from './0020-trading-functions.js';
import { fundsSettingsIntoRegistry } from './0021-funds-settings-into-registry.js';
import { postingCheckByIndex } from './0022-posting-check-by-index.js';
import { productsAndTradeCharges } from './0023-products-and-trade-charges.js';
import { chargeSchedules } from './0024-charge-schedules.js';
import { partialSellsAndMtfInterest } from './0025-partial-sells-and-mtf-interest.js';
import { idempotentReplyText } from './0026-idempotent-reply-text.js';
import { investorTwoFactor } from './0027-investor-two-factor.js';
import { contractNotes } from './0028-contract-notes.js';
import { dpChargeDays } from './0029-dp-charge-days.js';
import { priceProvenanceAndInstrumentMaster } from './0031-price-provenance-and-instrument-master.js';
import { marketSearchIndex } from './0032-market-search-index.js';
import { accountClosure } from './0034-account-closure.js';
import { apiAppsAndKiteSessions } from './0036-api-apps-and-kite-sessions.js';
import { approvalRequests } from './0040-approval-requests.js';
import { sessionChangeNotices } from './0046-session-change-notices.js';
import { gttTriggers } from './0047-gtt-triggers.js';
import { afterMarketOrders } from './0048-after-market-orders.js';
import { paperBook } from './0049-paper-book.js';
import { paperApiApps } from './0050-paper-api-apps.js';
import { passkeys } from './0051-passkeys.js';
import { passkeySessionNotices } from './0052-passkey-session-notices.js';
import { staffAdministration } from './0053-staff-administration.js';
import { userNotes } from './0054-user-notes.js';
import { bankStatements } from './0055-bank-statements.js';
import { payoutBatches } from './0056-payout-batches.js';
import { dailyReports } from './0057-daily-reports.js';
import { alerts } from './0058-alerts.js';
import { priceAlerts } from './0059-price-alerts.js';

/** Ordered migrations. Never edit one that has landed; add the next number instead. Numbers are
 * reserved per area and may land out of order (allowUnorderedMigrations in migrate.ts). */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-market': market,
  '0003-ledger': ledger,
  '0004-watchlists': watchlists,
  '0005-ledger-check-once': ledgerCheckOnce,
  '0006-messages': messages,
  '0007-calendar-days': calendarDays,
  '0008-trading': trading,
  '0009-funds': funds,
  '0010-post-entry-function': postEntryFunction,
  '0011-console': consoleOperations,
  '0012-engagement': engagement,
  '0013-loan-quota': loanQuota,
  '0014-positions-origin': positionsOrigin,
  '0019-lending': lending,
  '0021-funds-settings-into-registry': fundsSettingsIntoRegistry,
  '0016-block-trades': blockTrades,
  '0017-loans': loans,
  '0018-follow': follow,
  '0015-ipo': ipo,
  '0020-trading-functions': tradingFunctions,
  '0022-posting-check-by-index': postingCheckByIndex,
  '0023-products-and-trade-charges': productsAndTradeCharges,
  '0026-idempotent-reply-text': idempotentReplyText,
  '0027-investor-two-factor': investorTwoFactor,
  '0025-partial-sells-and-mtf-interest': partialSellsAndMtfInterest,
  '0028-contract-notes': contractNotes,
  '0024-charge-schedules': chargeSchedules,
  '0040-approval-requests': approvalRequests,
  '0031-price-provenance-and-instrument-master': priceProvenanceAndInstrumentMaster,
  '0029-dp-charge-days': dpChargeDays,
  '0032-market-search-index': marketSearchIndex,
  '0034-account-closure': accountClosure,
  '0046-session-change-notices': sessionChangeNotices,
  '0036-api-apps-and-kite-sessions': apiAppsAndKiteSessions,
  '0049-paper-book': paperBook,
  '0050-paper-api-apps': paperApiApps,
  '0053-staff-administration': staffAdministration,
  '0054-user-notes': userNotes,
  '0059-price-alerts': priceAlerts,
  '0051-passkeys': passkeys,
  '0052-passkey-session-notices': passkeySessionNotices,
  '0047-gtt-triggers': gttTriggers,
  '0048-after-market-orders': afterMarketOrders,
  '0057-daily-reports': dailyReports,
  '0058-alerts': alerts,
  '0055-bank-statements': bankStatements,
  '0056-payout-batches': payoutBatches,
};
