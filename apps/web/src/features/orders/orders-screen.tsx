import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CallData } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { TabStrip } from '../../components/tab-strip';
import { formatIstDateTime } from '../../lib/date-time';
import { formatAmount } from '../../lib/money';
import './orders.css';

type Order = CallData<'trade/orders'>['items'][number];

const BOOKS = ['orders', 'trades'] as const;
type Book = (typeof BOOKS)[number];

/** How many orders the books read: a day's trading of a retail investor fits many times over. */
const ORDERS_READ = 100;

/** One fill of the trade book: an order's entry, or its exit once the position is closed. */
export interface Trade {
  key: string;
  symbol: string;
  /** Bought or sold: a long buys to open and sells to close; a short the other way round. */
  action: 'buy' | 'sell';
  quantity: number;
  price: string;
  atMs: number;
  product: Order['product'];
}

/** The trade book from the order book: every entry fill and every exit fill, newest first. */
export function tradesOf(orders: readonly Order[]): Trade[] {
  const trades: Trade[] = [];
  for (const order of orders) {
    const opening = order.side === 'long' ? 'buy' : 'sell';
    const closing = order.side === 'long' ? 'sell' : 'buy';
    const base = { symbol: order.symbol, quantity: order.quantity, product: order.product };
    if (order.buyTime !== null && order.status !== 'pending' && order.status !== 'cancelled')
      trades.push({
        ...base,
        key: `${order.id}-open`,
        action: opening,
        price: order.confirmPrice ?? order.buyPrice,
        atMs: order.buyTime,
      });
    if (order.sellTime !== null && order.sellPrice !== null)
      trades.push({
        ...base,
        key: `${order.id}-close`,
        action: closing,
        price: order.sellPrice,
        atMs: order.sellTime,
      });
  }
  return trades.sort((first, second) => second.atMs - first.atMs);
}

function OrderRow({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const price = order.limitPrice ?? order.confirmPrice ?? order.buyPrice;
  return (
    <li className="order-row">
      <div className="order-row__main">
        <span className="order-row__title">
          <span className={`order-row__side order-row__side--${order.side}`}>
            {t(`orders.side.${order.side === 'long' ? 'buy' : 'sell'}`)}
          </span>
          {order.symbol}
        </span>
        <span className="order-row__meta">
          {order.product} · {t(`orders.type.${order.orderType}`)} ·{' '}
          {formatIstDateTime(order.placedAt, i18n.language)}
        </span>
      </div>
      <div className="order-row__side-figures">
        <span className={`tag order-row__status order-row__status--${order.status}`}>
          {t(`orders.status.${order.status}`)}
        </span>
        <span className="order-row__meta">
          {t('orders.quantityAt', { quantity: order.quantity, price: formatAmount(price) })}
        </span>
      </div>
    </li>
  );
}

function TradeRow({ trade }: { trade: Trade }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="order-row">
      <div className="order-row__main">
        <span className="order-row__title">
          <span className={`order-row__side order-row__side--${trade.action === 'buy' ? 'long' : 'short'}`}>
            {t(`orders.side.${trade.action}`)}
          </span>
          {trade.symbol}
        </span>
        <span className="order-row__meta">
          {trade.product} · {formatIstDateTime(trade.atMs, i18n.language)}
        </span>
      </div>
      <div className="order-row__side-figures">
        <span className="order-row__value">{formatAmount(trade.price)}</span>
        <span className="order-row__meta">{t('orders.shares', { count: trade.quantity })}</span>
      </div>
    </li>
  );
}

/**
 * /trade/orders: the order book (every order with its state) and the trade book (every fill), as
 * Kite's Orders tab keeps them; read from trade/orders and refreshed while open.
 */
export default function OrdersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const book: Book = params.get('book') === 'trades' ? 'trades' : 'orders';
  const orders = useApiQuery('trade/orders', { limit: ORDERS_READ }, { refetchInterval: 5_000 });
  return (
    <div className="screen orders-screen">
      <BackHeader fallbackPath="/trade/index" />
      <TabStrip
        label={t('orders.books')}
        tabs={BOOKS}
        selected={book}
        onSelect={(item) => setParams({ book: item }, { replace: true })}
        labelOf={(item) => t(`orders.book.${item}`)}
      />
      <QueryState query={orders}>
        {(data) => {
          if (book === 'orders') {
            if (data.items.length === 0) return <EmptyState message={t('orders.noOrders')} />;
            return (
              <ul className="order-list" aria-label={t('orders.book.orders')}>
                {data.items.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </ul>
            );
          }
          const trades = tradesOf(data.items);
          if (trades.length === 0) return <EmptyState message={t('orders.noTrades')} />;
          return (
            <ul className="order-list" aria-label={t('orders.book.trades')}>
              {trades.map((trade) => (
                <TradeRow key={trade.key} trade={trade} />
              ))}
            </ul>
          );
        }}
      </QueryState>
      <p className="screen__hint">
        <Link to="/trade/gtt">{t('orders.gttLink')}</Link>
      </p>
    </div>
  );
}
