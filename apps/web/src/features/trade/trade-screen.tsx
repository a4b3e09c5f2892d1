import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OrderSide, Position } from '../../api/positions';
import { AccountGate } from '../../components/account-gate';
import { BackHeader } from '../../components/back-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { InfoRow } from '../../components/info-row';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { formatMoney } from '../../lib/money';
import {
  POSITION_TABS,
  type PositionsTab,
  useInstrumentQuote,
  usePositions,
  useSymbolSearch,
  useTradeMutation,
} from './api';
import { BuyForm } from './buy-form';
import { entryLabels, entryPrice, exitLabels, quantityLabel, shownPrice } from './position-labels';
import { livePnl } from './position-math';
import { SignedMoney } from './signed-money';
import { notifyTradeOnce } from './trade-notice';
import { useTradeStream } from './use-trade-stream';
import '../../components/trade-screen.css';
import { QueryFeedback } from '../../components/query-state';
import { TabStrip } from '../../components/tab-strip';

function PositionCard({
  position,
  livePrice,
  onCancel,
}: {
  position: Position;
  livePrice: string | undefined;
  onCancel: (position: Position) => void;
}) {
  const { t } = useTranslation();
  const pnl = livePnl(position, livePrice);
  const price = shownPrice(position, livePrice);
  const opening = entryPrice(position);
  return (
    <li className="card trade-item">
      <Link className="trade-item__link" to={`/trade/positionDetail?id=${position.id}`}>
        <p className="trade-item__row">
          <span className="trade-item__title">
            {position.name} <span className="trade-item__symbol">{position.symbol}</span>
          </span>
          <span className="trade-item__tags">
            {position.lentUntil !== null ? (
              <span className="tag tag--lent">{t('trade.lent.tag')}</span>
            ) : null}
            <span className={`tag trade-tag--${position.side}`}>{t(`trade.side.${position.side}`)}</span>
          </span>
        </p>
        <dl className="trade-item__grid">
          <InfoRow
            label={t(quantityLabel(position))}
            value={`${position.quantity.toLocaleString('en-IN')} · ${position.leverage}×`}
          />
          <InfoRow
            label={t(entryLabels(position).price)}
            value={opening === null ? t('trade.buy.atMarket') : formatMoney(opening)}
          />
          {position.status === 'pending' ? (
            <InfoRow label={t('trade.field.held')} value={formatMoney(position.held)} />
          ) : (
            <InfoRow
              label={
                position.status === 'holding' ? t('trade.field.currentPrice') : t(exitLabels(position).price)
              }
              value={price ? formatMoney(price) : '—'}
            />
          )}
          {position.status === 'holding' || position.status === 'closed' ? (
            <InfoRow
              label={
                position.status === 'closed' ? t('trade.field.netProfitLoss') : t('trade.field.profitLoss')
              }
              value={<SignedMoney value={position.status === 'closed' ? position.netProfitLoss : pnl} />}
            />
          ) : (
            <InfoRow label={t('trade.field.status')} value={t(`trade.status.${position.status}`)} />
          )}
        </dl>
      </Link>
      {position.status === 'pending' ? (
        <button
          type="button"
          className="button button--secondary trade-item__action"
          onClick={() => onCancel(position)}
        >
          {t('trade.cancelOrder')}
        </button>
      ) : null}
    </li>
  );
}

/** Symbol search for the buy form: picking a result opens the form for it. */
function SymbolPicker({ onPick }: { onPick: (symbol: string) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const search = useSymbolSearch(q.trim());
  return (
    <div className="trade-picker">
      <label className="visually-hidden" htmlFor="trade-symbol-search">
        {t('trade.picker.label')}
      </label>
      <input
        id="trade-symbol-search"
        className="field__input trade-picker__input"
        placeholder={t('trade.picker.placeholder')}
        value={q}
        autoComplete="off"
        onChange={(event) => setQ(event.target.value)}
      />
      {q.trim() && search.data ? (
        <ul className="trade-picker__list">
          {search.data.length === 0 ? <li className="trade-picker__empty">{t('common.noData')}</li> : null}
          {search.data.map((hit) => (
            <li key={hit.symbol}>
              <button
                type="button"
                className="trade-picker__hit"
                onClick={() => {
                  setQ('');
                  onPick(hit.symbol);
                }}
              >
                <span>
                  <strong>{hit.symbol}</strong> {hit.name}
                </span>
                <span>{hit.price ? formatMoney(hit.price) : ''}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The buy form in a sheet over the portfolio, for the symbol in the address (`?symbol=X&side=long`). */
function BuySheet({
  symbol,
  side,
  onClose,
  onPlaced,
}: {
  symbol: string;
  side: OrderSide;
  onClose: () => void;
  onPlaced: (position: Position) => void;
}) {
  const { t } = useTranslation();
  const quote = useInstrumentQuote(symbol);
  return (
    <div className="trade-sheet" role="dialog" aria-modal="true" aria-label={t('trade.buy.title')}>
      <div className="trade-sheet__box">
        <div className="trade-sheet__header">
          <h2 className="trade-sheet__title">{t('trade.buy.title')}</h2>
          <button type="button" className="link-button" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        <QueryFeedback query={quote} />
        {quote.data ? (
          <AccountGate needs={['kyc']}>
            <BuyForm key={quote.data.symbol} quote={quote.data} initialSide={side} onPlaced={onPlaced} />
          </AccountGate>
        ) : null}
      </div>
    </div>
  );
}

interface TradeScreenProps {
  /** Shown first on the pending tab: the new-share subscriptions still waiting (app/routes composes them in). */
  pendingSubscriptions?: ReactNode;
}

/** /trade/index: the position tabs with live P&L, cancel for pending orders, and the buy sheet. */
export function TradeScreen({ pendingSubscriptions }: TradeScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (POSITION_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as PositionsTab)
    : 'holding';
  const symbol = params.get('symbol')?.trim().toUpperCase() ?? '';
  const side: OrderSide = params.get('side') === 'short' ? 'short' : 'long';
  const positions = usePositions(tab);
  const [cancelling, setCancelling] = useState<Position | null>(null);
  const cancel = useTradeMutation('trade/cancel', (cancelled) => {
    setCancelling(null);
    if (cancelled)
      notifyTradeOnce(
        cancelled.id,
        cancelled.status,
        t('trade.event.cancelled', { symbol: cancelled.symbol }),
      );
  });
  const items = positions.data?.items ?? [];
  const { prices, connected } = useTradeStream(
    items.filter((item) => item.status === 'holding').map((item) => item.symbol),
  );

  const setTab = (next: PositionsTab) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('tab', next);
    setParams(nextParams, { replace: true });
  };
  const openBuy = (pick: string) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('symbol', pick);
    nextParams.set('side', 'long');
    setParams(nextParams);
  };
  const closeBuy = () => {
    const nextParams = new URLSearchParams(params);
    nextParams.delete('symbol');
    nextParams.delete('side');
    setParams(nextParams, { replace: true });
  };
  const placed = (position: Position) => {
    notifyTradeOnce(
      position.id,
      position.status,
      t(position.status === 'pending' ? 'trade.event.placed' : 'trade.event.filled', {
        symbol: position.symbol,
      }),
    );
    const nextParams = new URLSearchParams();
    nextParams.set(
      'tab',
      position.status === 'pending' ? 'pending' : tab === 'crypto_forex' ? tab : 'holding',
    );
    setParams(nextParams, { replace: true });
  };
  const liveTotal = items
    .filter((item) => item.status === 'holding')
    .map((item) => livePnl(item, prices[item.symbol]?.price));

  return (
    <div className="screen trade-screen">
      <BackHeader
        hideBack
        right={
          // The order book and the trade book, one tap from the positions as in Kite.
          <Link to="/trade/orders" className="text-link header-link">
            {t('tabs.orders')}
          </Link>
        }
      />
      <div className="trade-screen__body">
        <SymbolPicker onPick={openBuy} />
        <TabStrip
          label={t('trade.tabs.label')}
          block="trade-tabs"
          tabs={POSITION_TABS}
          selected={tab}
          onSelect={setTab}
          labelOf={(item) => t(`trade.tabs.${item}`)}
        />
        {!connected && liveTotal.length > 0 ? <p className="trade-stale">{t('trade.stale')}</p> : null}
        {tab === 'pending' ? pendingSubscriptions : null}
        {positions.isPending ? <InlineLoading /> : null}
        {positions.isError ? (
          <NetworkError onRetry={() => void positions.refetch()} isRetrying={positions.isFetching} />
        ) : null}
        {positions.data && items.length === 0 ? (
          <EmptyState
            action={
              <button
                type="button"
                className="button button--primary"
                onClick={() => navigate('/market/index')}
              >
                {t('trade.goMarket')}
              </button>
            }
          />
        ) : null}
        {items.length > 0 ? (
          <ul className="card-list" aria-label={t(`trade.tabs.${tab}`)}>
            {items.map((position) => (
              <PositionCard
                key={position.id}
                position={position}
                livePrice={prices[position.symbol]?.price}
                onCancel={(item) => {
                  cancel.reset();
                  setCancelling(item);
                }}
              />
            ))}
          </ul>
        ) : null}
      </div>
      {symbol ? <BuySheet symbol={symbol} side={side} onClose={closeBuy} onPlaced={placed} /> : null}
      {cancelling ? (
        <ConfirmDialog
          title={t('trade.cancelConfirm.title')}
          confirmLabel={t('trade.cancelOrder')}
          cancelLabel={t('trade.keepOrder')}
          call={cancel}
          onCancel={() => setCancelling(null)}
          onConfirm={() => void cancel.submit({ id: cancelling.id })}
        >
          <p className="funds-dialog__text">
            {t('trade.cancelConfirm.body', {
              symbol: cancelling.symbol,
              quantity: cancelling.quantity,
              held: formatMoney(cancelling.held),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
