import { PendingSubscriptions } from '../../features/new-stock/pending-subscriptions';
import { TradeScreen as PositionsAndOrders } from '../../features/trade/trade-screen';

/** /trade/index: the trade feature's positions and orders, with the new-share subscriptions still waiting. */
export default function TradeScreen() {
  return <PositionsAndOrders pendingSubscriptions={<PendingSubscriptions />} />;
}
