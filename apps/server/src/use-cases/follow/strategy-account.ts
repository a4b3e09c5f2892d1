import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext, UserContext } from '../../application/context.js';
import { type FollowProductRecord, findFollowProduct } from '../../repositories/follow.repository.js';
import { findUserById, findUserFlags } from '../../repositories/user.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import type { PositionView } from '../trading/position-view.js';

/**
 * Staff trade a product's strategy account through one of the investors' own use cases (`trade`,
 * called with the account as its user), and the trade is audited. A refused trade writes nothing.
 */
export async function tradeStrategyAccount(
  deps: AppDeps,
  context: StaffContext,
  productId: bigint,
  action: StrategyTradeAction,
  trade: (user: UserContext) => Promise<PositionView>,
): Promise<PositionView> {
  const { product, user } = await strategyContextOf(deps, context, productId);
  const position = await trade(user);
  await auditStrategyTrade(deps, context, product, action, position);
  return position;
}

/**
 * The staff use case of a strategy trade call (its body names the product by `id`): the investors'
 * use case `trade` is run on the product's strategy account by tradeStrategyAccount.
 */
export function strategyTradeUseCase<Body extends { id: string }>(
  action: StrategyTradeAction,
  trade: (deps: AppDeps, user: UserContext, input: Body) => Promise<PositionView>,
): (deps: AppDeps, context: StaffContext, input: Body) => Promise<PositionView> {
  return (deps, context, input) =>
    tradeStrategyAccount(deps, context, BigInt(input.id), action, (user) => trade(deps, user, input));
}

type StrategyTradeAction = 'follow.strategy_order' | 'follow.strategy_close' | 'follow.strategy_cancel';

/**
 * The strategy account of a product in progress as a user context, so that staff trade it through
 * the very use cases investors call (place-order, close-position, cancel-order): the same checks,
 * the same fills at the feed, the same refusals. The request's time, language and address are the
 * staff member's; the account's flags and KYC are read from its row, as an investor's session would.
 */
async function strategyContextOf(
  deps: AppDeps,
  context: StaffContext,
  productId: bigint,
): Promise<{ product: FollowProductRecord; user: UserContext }> {
  const product = (await findFollowProduct(deps.db, productId)) ?? refuse('PRODUCT_NOT_FOUND');
  if (product.state !== 'in_progress') refuse('REPEATED_OPERATION', { state: 'in progress' });
  const account = (await findUserById(deps.db, product.strategyUserId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const flags = await findUserFlags(deps.db, account.id);
  return {
    product,
    user: {
      requestId: context.requestId,
      language: context.language,
      ip: context.ip,
      userAgent: context.userAgent,
      nowMs: context.nowMs,
      user: {
        id: account.id,
        phone: account.phone,
        sessionId: 0n,
        flags: new Set(flags),
        kycStatus: account.kycStatus,
        dayTradingStatus: account.dayTradingStatus,
        book: 'real',
        realUserId: account.id,
        paperUserId: null,
      },
    },
  };
}

/**
 * Records a staff member's trade on a strategy account. The order use case commits its own
 * transaction, so the audit row follows it at once; a refused order writes neither.
 */
async function auditStrategyTrade(
  deps: AppDeps,
  context: StaffContext,
  product: FollowProductRecord,
  action: StrategyTradeAction,
  position: PositionView,
): Promise<void> {
  await auditStaffAct(deps.db, context, {
    action,
    target: { type: 'position', id: position.id },
    after: {
      productId: product.id,
      strategyUserId: product.strategyUserId,
      symbol: position.symbol,
      side: position.side,
      quantity: position.quantity,
      status: position.status,
      confirmPrice: position.confirmPrice,
      sellPrice: position.sellPrice,
    },
  });
}
