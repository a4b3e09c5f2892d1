import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Position } from '../../api/positions';
import { ChargesBreakdown } from '../../components/charges-breakdown';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { InfoRow } from '../../components/info-row';
import { formatIstDateTime, formatRemaining } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { useTradeMutation } from './api';
import { entryLabels, exitLabels, quantityLabel, shownPrice, showsStopOut } from './position-labels';
import { liveMarketValue, livePnl } from './position-math';
import { checkSellQuantity } from './sell-quantity';
import { SignedMoney } from './signed-money';
import '../../components/trade-screen.css';

const money = (value: string | null) => (value === null ? '—' : formatMoney(value));

interface PositionDetailProps {
  position: Position;
  livePrice?: string | undefined;
  onChanged?: (position: Position) => void;
}

/**
 * Every field of the spec's "Position or order" the server sends, P&L at the live price while
 * holding, and close (holding) or cancel (pending) after a confirmation. The close asks how many
 * lots to sell, all by default; fewer sells part of the holding (ADR 0019), a whole number only. A
 * refusal such as "do not repeat the operation" or a lock shows in the dialog in the current language.
 */
export function PositionDetail({ position, livePrice, onChanged }: PositionDetailProps) {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<'close' | 'cancel' | 'modify' | null>(null);
  const [modifyForm, setModifyForm] = useState({ price: '', triggerPrice: '', quantity: '' });
  const [sellText, setSellText] = useState(String(position.quantity));
  const [sellError, setSellError] = useState<string | null>(null);
  const done = (next: Position) => {
    setAction(null);
    onChanged?.(next);
  };
  const close = useTradeMutation('trade/close', done);
  const cancel = useTradeMutation('trade/cancel', done);
  const modify = useTradeMutation('trade/modify', done);
  const time = (value: number | null) => (value ? formatIstDateTime(value, i18n.language) : '—');
  const isHolding = position.status === 'holding';
  const pnl = livePnl(position, livePrice);
  const current = shownPrice(position, livePrice);
  // Once closed, the value is frozen at the exit price like the price itself.
  const marketValue =
    position.status === 'closed' && current !== null
      ? liveMarketValue({ ...position, status: 'holding' }, current)
      : liveMarketValue(position, livePrice);
  const entry = entryLabels(position);
  const exit = exitLabels(position);
  const isOrder = position.status === 'pending' || position.status === 'cancelled';
  const mutation = action === 'cancel' ? cancel : action === 'modify' ? modify : close;
  const hasLimit = position.orderType === 'limit' || position.orderType === 'sl';
  const hasTrigger = position.orderType === 'sl' || position.orderType === 'sl-m';

  return (
    <div className="trade-detail">
      <section className="card trade-card">
        <p className="trade-item__row">
          <span className="trade-item__title">
            {position.name} <span className="trade-item__symbol">{position.symbol}</span>
          </span>
          <span className={`tag trade-tag--${position.side}`}>{t(`trade.side.${position.side}`)}</span>
        </p>
        <p className="trade-detail__pnl">
          <span className="trade-detail__label">
            {position.status === 'closed' ? t('trade.field.netProfitLoss') : t('trade.field.profitLoss')}
          </span>
          <SignedMoney value={position.status === 'closed' ? position.netProfitLoss : pnl} />
        </p>
      </section>
      <dl className="info-list card trade-card" aria-label={t('trade.detail.fields')}>
        <InfoRow label={t('trade.field.orderNo')} value={position.orderNo} />
        <InfoRow label={t('trade.field.status')} value={t(`trade.status.${position.status}`)} />
        <InfoRow label={t('trade.field.type')} value={t(`trade.side.${position.side}`)} />
        <InfoRow label={t('trade.field.orderType')} value={t(`trade.orderType.${position.orderType}`)} />
        <InfoRow label={t('trade.field.product')} value={t(`trade.product.${position.product}`)} />
        <InfoRow label={t('trade.field.intraday')} value={t(position.intraday ? 'trade.yes' : 'trade.no')} />
        <InfoRow label={t('trade.field.placedAt')} value={time(position.placedAt)} />
        {position.limitPrice !== null && !isOrder ? (
          <InfoRow label={t('trade.field.limitPrice')} value={money(position.limitPrice)} />
        ) : null}
        {position.triggerPrice !== null ? (
          <InfoRow label={t('trade.field.triggerPrice')} value={money(position.triggerPrice)} />
        ) : null}
        {isOrder ? null : (
          <>
            <InfoRow label={t(entry.time)} value={time(position.buyTime)} />
            <InfoRow label={t(entry.price)} value={money(position.buyPrice)} />
            <InfoRow label={t('trade.field.confirmPrice')} value={money(position.confirmPrice)} />
          </>
        )}
        {isOrder ? (
          <InfoRow
            label={t(entry.price)}
            value={position.limitPrice === null ? t('trade.buy.atMarket') : money(position.limitPrice)}
          />
        ) : null}
        <InfoRow label={t(quantityLabel(position))} value={position.quantity.toLocaleString('en-IN')} />
        <InfoRow label={t('trade.field.leverage')} value={`${position.leverage}×`} />
        <InfoRow label={t('trade.field.currentPrice')} value={money(current)} />
        <InfoRow label={t('trade.field.marketValue')} value={money(marketValue)} />
        <InfoRow label={t('trade.field.cost')} value={money(position.cost)} />
        <InfoRow label={t('trade.field.originalMargin')} value={money(position.originalMargin)} />
        {position.status === 'pending' ? (
          <InfoRow label={t('trade.field.held')} value={money(position.held)} />
        ) : null}
        <InfoRow label={t('trade.field.openFee')} value={money(position.openFee)} />
        <InfoRow label={t('trade.field.closeFee')} value={money(position.closeFee)} />
        <InfoRow label={t('trade.field.fee')} value={money(position.fee)} />
        <InfoRow label={t('trade.field.tax')} value={money(position.tax)} />
        {showsStopOut(position) ? (
          <InfoRow label={t('trade.field.stopOutPrice')} value={money(position.stopOutPrice)} />
        ) : null}
        <InfoRow
          label={t('trade.field.lockTime')}
          value={
            position.lockTime
              ? `${time(position.lockTime)}${position.locked ? ` (${t('trade.detail.lockLeft', { remaining: formatRemaining(position.lockRemainingMs) })})` : ''}`
              : '—'
          }
        />
        {position.lentUntil !== null ? (
          <InfoRow label={t('trade.field.lentUntil')} value={time(position.lentUntil)} />
        ) : null}
        <InfoRow label={t(exit.time)} value={time(position.sellTime)} />
        <InfoRow label={t(exit.price)} value={money(position.sellPrice)} />
        {position.closeReason ? (
          <InfoRow
            label={t('trade.field.closeReason')}
            value={t(`trade.closeReason.${position.closeReason}`)}
          />
        ) : null}
        {position.houseAbsorbed !== null && position.houseAbsorbed !== '0.00' ? (
          <InfoRow label={t('trade.field.houseAbsorbed')} value={money(position.houseAbsorbed)} />
        ) : null}
        {position.cancelledAt ? (
          <InfoRow label={t('trade.field.cancelledAt')} value={time(position.cancelledAt)} />
        ) : null}
        {position.cancelReason ? (
          <InfoRow
            label={t('trade.field.cancelReason')}
            value={t(`trade.cancelReason.${position.cancelReason}`)}
          />
        ) : null}
      </dl>
      {isHolding && position.lentUntil !== null ? (
        <p className="trade-detail__note" role="note">
          {t('trade.lent.note', { until: time(position.lentUntil) })}
        </p>
      ) : null}
      {isHolding && position.lentUntil === null ? (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => {
            close.reset();
            setSellText(String(position.quantity));
            setSellError(null);
            setAction('close');
          }}
        >
          {t('trade.detail.close')}
        </button>
      ) : null}
      {position.status === 'pending' && position.orderType !== 'market' ? (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => {
            modify.reset();
            setModifyForm({
              price: position.limitPrice ?? '',
              triggerPrice: position.triggerPrice ?? '',
              quantity: String(position.quantity),
            });
            setAction('modify');
          }}
        >
          {t('orderModify.modify')}
        </button>
      ) : null}
      {position.status === 'pending' ? (
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => {
            cancel.reset();
            setAction('cancel');
          }}
        >
          {t('trade.cancelOrder')}
        </button>
      ) : null}
      {action === 'modify' ? (
        <ConfirmDialog
          title={t('orderModify.modifyTitle')}
          confirmLabel={t('orderModify.modifySave')}
          call={modify}
          onCancel={() => setAction(null)}
          onConfirm={() => {
            // Only what changed is sent; the server checks tick, band, trigger and funds (ADR 0025).
            const quantity = Number(modifyForm.quantity);
            void modify.submit({
              id: position.id,
              ...(hasLimit && modifyForm.price !== position.limitPrice
                ? { price: modifyForm.price.trim() }
                : {}),
              ...(hasTrigger && modifyForm.triggerPrice !== position.triggerPrice
                ? { triggerPrice: modifyForm.triggerPrice.trim() }
                : {}),
              ...(quantity !== position.quantity ? { quantity } : {}),
            });
          }}
        >
          {hasLimit ? (
            <TextField
              label={t('trade.field.limitPrice')}
              inputMode="decimal"
              autoComplete="off"
              value={modifyForm.price}
              onChange={(price) => setModifyForm({ ...modifyForm, price })}
            />
          ) : null}
          {hasTrigger ? (
            <TextField
              label={t('trade.field.triggerPrice')}
              inputMode="decimal"
              autoComplete="off"
              value={modifyForm.triggerPrice}
              onChange={(triggerPrice) => setModifyForm({ ...modifyForm, triggerPrice })}
            />
          ) : null}
          <TextField
            label={t(quantityLabel(position))}
            inputMode="numeric"
            autoComplete="off"
            value={modifyForm.quantity}
            onChange={(quantity) => setModifyForm({ ...modifyForm, quantity })}
          />
        </ConfirmDialog>
      ) : null}
      {action === 'close' || action === 'cancel' ? (
        <ConfirmDialog
          title={action === 'close' ? t('trade.detail.closeTitle') : t('trade.cancelConfirm.title')}
          confirmLabel={action === 'close' ? t('trade.detail.closeConfirm') : t('trade.cancelOrder')}
          {...(action === 'cancel' ? { cancelLabel: t('trade.keepOrder') } : {})}
          call={mutation}
          onCancel={() => setAction(null)}
          onConfirm={() => {
            if (action === 'cancel') return void cancel.submit({ id: position.id });
            const checked = checkSellQuantity(sellText, position.quantity);
            if (checked.error) return setSellError(checked.error);
            // All of it is the whole close; fewer is a partial sell of that many.
            const body =
              checked.quantity === position.quantity
                ? { id: position.id }
                : { id: position.id, quantity: checked.quantity };
            void close.submit(body);
          }}
        >
          {action === 'close' ? (
            <TextField
              label={t('trade.sell.quantity', { held: position.quantity })}
              inputMode="numeric"
              autoComplete="off"
              value={sellText}
              onChange={(value) => {
                setSellText(value);
                setSellError(null);
                close.reset();
              }}
              error={sellError ? t(sellError, { held: position.quantity }) : undefined}
            />
          ) : null}
          <p className="funds-dialog__text">
            {action === 'close'
              ? sellPart(sellText, position.quantity) === null
                ? t('trade.detail.closeBody', {
                    symbol: position.symbol,
                    quantity: position.quantity,
                    price: money(current),
                  })
                : t('trade.detail.closePartBody', {
                    symbol: position.symbol,
                    quantity: sellPart(sellText, position.quantity),
                    held: position.quantity,
                    price: money(current),
                  })
              : t('trade.cancelConfirm.body', {
                  symbol: position.symbol,
                  quantity: position.quantity,
                  held: formatMoney(position.held),
                })}
          </p>
          {action === 'close' ? <ChargesBreakdown body={{ closingId: position.id }} /> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The lots typed when they are a valid part of the holding (fewer than all), else null. */
function sellPart(text: string, held: number): number | null {
  const { quantity } = checkSellQuantity(text, held);
  return quantity !== undefined && quantity < held ? quantity : null;
}
