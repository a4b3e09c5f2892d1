import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSide, Position } from '../../api/positions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { FormRefusal } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { LongPressStepper } from '../../components/long-press-stepper';
import { SelectField } from '../../components/select-field';
import { formatMoney } from '../../lib/money';
import { type InstrumentQuote, ORDER_TYPES, useTradeMutation } from './api';
import { ChargesBreakdown } from './charges-breakdown';
import {
  estimateOrder,
  hasOrderErrors,
  needsPrice,
  needsTrigger,
  type OrderErrors,
  type OrderField,
  type OrderValues,
  orderBody,
  validateOrder,
} from './order-validation';
import './trade.css';

interface BuyFormProps {
  quote: InstrumentQuote;
  initialSide?: OrderSide;
  onPlaced: (position: Position) => void;
}

/**
 * The buy form: long or short, market / limit / SL / SL-M, leverage from the instrument's set, lots
 * with the long-press stepper, the margin and fee shown before a confirmation; the server's refusal
 * in the current language. A double tap submits once (one Idempotency-Key per submission).
 */
export function BuyForm({ quote, initialSide = 'long', onPlaced }: BuyFormProps) {
  const { t } = useTranslation();
  const minimum = Math.max(1, quote.lotSize);
  const [values, setValues] = useState<OrderValues>({
    side: initialSide === 'short' && quote.shortable ? 'short' : 'long',
    orderType: 'market',
    quantity: String(minimum),
    leverage: quote.leverages[0] ?? 1,
    price: quote.price ?? '',
    triggerPrice: '',
    intraday: false,
  });
  const [errors, setErrors] = useState<OrderErrors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const place = useTradeMutation('trade/open', (position) => {
    setIsConfirming(false);
    onPlaced(position);
  });

  const update = <K extends keyof OrderValues>(field: K, value: OrderValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A new order type asks for other prices: its old price refusals no longer apply.
    const cleared = field === 'orderType' ? { price: undefined, triggerPrice: undefined } : {};
    setErrors((current) => ({ ...current, ...cleared, [field]: undefined, symbol: undefined }));
    setIsConfirming(false);
    place.reset();
  };
  const estimate = estimateOrder(values, quote);
  const errorText = (field: OrderField) =>
    errors[field]
      ? t(errors[field], {
          tick: quote.tickSize,
          lower: formatMoney(quote.priceBand?.lower),
          upper: formatMoney(quote.priceBand?.upper),
          min: minimum,
        })
      : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateOrder(values, quote);
    setErrors(found);
    if (hasOrderErrors(found)) return;
    place.reset();
    setIsConfirming(true);
  };
  const confirm = () => void place.submit(orderBody(quote.symbol, values));
  const sideLabel = t(`trade.side.${values.side}`);

  return (
    <form
      className="form trade-form"
      noValidate
      onSubmit={handleSubmit}
      aria-label={t('trade.buy.formLabel')}
    >
      <div className="trade-form__head">
        <div>
          <p className="trade-form__name">{quote.name}</p>
          <p className="trade-form__symbol">
            {quote.symbol} · {quote.exchange}
          </p>
        </div>
        <p className="trade-form__price">
          <span className="visually-hidden">{t('trade.buy.lastPrice')} </span>
          {quote.price === undefined ? '—' : formatMoney(quote.price)}
        </p>
      </div>
      {errors.symbol ? <p className="funds-refusal">{t(errors.symbol)}</p> : null}

      <fieldset className="trade-segment" aria-label={t('trade.buy.direction')}>
        {(['long', 'short'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={`trade-segment__item trade-segment__item--${side}${values.side === side ? ' trade-segment__item--active' : ''}`}
            aria-pressed={values.side === side}
            onClick={() => update('side', side)}
          >
            {t(`trade.side.${side}`)}
          </button>
        ))}
      </fieldset>
      {errors.side ? <p className="field__error">{errorText('side')}</p> : null}

      <SelectField
        label={t('trade.buy.orderType')}
        value={values.orderType}
        options={ORDER_TYPES.map((type) => ({ value: type, label: t(`trade.orderType.${type}`) }))}
        onChange={(value) => update('orderType', value as OrderValues['orderType'])}
      />
      {needsTrigger(values.orderType) ? (
        <TextField
          label={t('trade.buy.triggerPrice')}
          inputMode="decimal"
          autoComplete="off"
          value={values.triggerPrice}
          onChange={(value) => update('triggerPrice', value)}
          error={errorText('triggerPrice')}
        />
      ) : null}
      {needsPrice(values.orderType) ? (
        <TextField
          label={t('trade.buy.price')}
          inputMode="decimal"
          autoComplete="off"
          value={values.price}
          onChange={(value) => update('price', value)}
          error={errorText('price')}
        />
      ) : (
        <>
          <p className="notice">{t('trade.buy.marketNotice')}</p>
          {errors.price ? <p className="field__error">{errorText('price')}</p> : null}
        </>
      )}
      {quote.priceBand ? (
        <p className="trade-form__hint">
          {t('trade.buy.band', {
            lower: formatMoney(quote.priceBand.lower),
            upper: formatMoney(quote.priceBand.upper),
          })}
        </p>
      ) : null}

      <SelectField
        label={t('trade.buy.leverage')}
        value={String(values.leverage)}
        options={quote.leverages.map((leverage) => ({ value: String(leverage), label: `${leverage}×` }))}
        onChange={(value) => update('leverage', Number(value))}
        error={errorText('leverage')}
      />

      <div className={`field${errors.quantity ? ' field--invalid' : ''}`}>
        <span className="field__label">{t('trade.buy.lots')}</span>
        <LongPressStepper
          label={t('trade.buy.lots')}
          value={Number.isSafeInteger(Number(values.quantity)) ? Number(values.quantity) : minimum}
          min={minimum}
          onChange={(value) => update('quantity', String(value))}
        />
        <p className="trade-form__hint">{t('trade.buy.lotHint')}</p>
        {errors.quantity ? <p className="field__error">{errorText('quantity')}</p> : null}
      </div>

      <label className="trade-check">
        <input
          type="checkbox"
          checked={values.intraday}
          onChange={(event) => update('intraday', event.target.checked)}
        />
        <span>{t('trade.buy.intraday')}</span>
      </label>

      {estimate ? (
        <dl className="info-list card trade-card" aria-label={t('trade.buy.estimate')}>
          <InfoRow label={t('trade.buy.notional')} value={formatMoney(estimate.notional)} />
          <InfoRow label={t('trade.buy.margin')} value={formatMoney(estimate.margin)} />
          <InfoRow label={t('trade.buy.fee')} value={formatMoney(estimate.fee)} />
          <InfoRow label={t('trade.buy.total')} value={`${formatMoney(estimate.total)}`} />
        </dl>
      ) : null}

      <FormRefusal error={isConfirming ? null : place.error} />
      <button type="submit" className={`button button--block trade-submit trade-submit--${values.side}`}>
        {t('trade.buy.submit', { side: sideLabel })}
      </button>

      {isConfirming ? (
        <ConfirmDialog
          title={t('trade.buy.confirmTitle')}
          confirmLabel={t('trade.buy.confirm')}
          isPending={place.isPending}
          error={place.error}
          onConfirm={confirm}
          onCancel={() => setIsConfirming(false)}
        >
          <dl className="info-list">
            <InfoRow label={t('trade.field.symbol')} value={`${quote.name} (${quote.symbol})`} />
            <InfoRow label={t('trade.field.type')} value={sideLabel} />
            <InfoRow label={t('trade.field.orderType')} value={t(`trade.orderType.${values.orderType}`)} />
            <InfoRow
              label={t('trade.buy.price')}
              value={values.orderType === 'market' ? t('trade.buy.atMarket') : formatMoney(estimate?.price)}
            />
            <InfoRow label={t('trade.buy.lots')} value={values.quantity} />
            <InfoRow label={t('trade.field.leverage')} value={`${values.leverage}×`} />
            <InfoRow label={t('trade.buy.margin')} value={formatMoney(estimate?.margin)} />
          </dl>
          <ChargesBreakdown body={orderBody(quote.symbol, values)} />
          <p className="funds-dialog__text">{t('trade.buy.estimateNote')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
