import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSide, Position } from '../../api/positions';
import { ChargesBreakdown } from '../../components/charges-breakdown';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { FormRefusal } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { InstrumentHead } from '../../components/instrument-head';
import { LongPressStepper } from '../../components/long-press-stepper';
import { SelectField } from '../../components/select-field';
import { formatMoney } from '../../lib/money';
import { type InstrumentQuote, ORDER_TYPES, useTradeMutation } from './api';
import {
  defaultLeverageFor,
  estimateOrder,
  hasOrderErrors,
  leveragesFor,
  needsPrice,
  needsTrigger,
  type OrderErrors,
  type OrderField,
  type OrderValues,
  orderBody,
  PRODUCTS,
  validateOrder,
} from './order-validation';
import '../../components/trade-screen.css';

interface BuyFormProps {
  quote: InstrumentQuote;
  initialSide?: OrderSide;
  onPlaced: (position: Position) => void;
}

/**
 * The buy form: long or short, the product as Kite offers it (Delivery CNC, Intraday MIS, MTF;
 * ADR 0019), market / limit / SL / SL-M, leverage from the instrument's set for MIS and MTF, lots
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
    leverage: 1,
    price: quote.price ?? '',
    triggerPrice: '',
    product: 'CNC',
  });
  const [errors, setErrors] = useState<OrderErrors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const place = useTradeMutation('trade/open', (position) => {
    setIsConfirming(false);
    onPlaced(position);
  });

  const update = <K extends keyof OrderValues>(field: K, value: OrderValues[K]) => {
    setValues((current) => ({
      ...current,
      [field]: value,
      // A new product starts at its own leverage: 1 for delivery, the highest offered for MIS and MTF.
      ...(field === 'product'
        ? { leverage: defaultLeverageFor(value as OrderValues['product'], quote.leverages) }
        : {}),
    }));
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
  /** A price input's value, change and refusal. */
  const bindPrice = (field: 'price' | 'triggerPrice') => ({
    value: values[field],
    onChange: (value: string) => update(field, value),
    error: errorText(field),
  });

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
  const productLeverages = leveragesFor(values.product, quote.leverages);

  return (
    <form
      className="form trade-form"
      noValidate
      onSubmit={handleSubmit}
      aria-label={t('trade.buy.formLabel')}
    >
      <InstrumentHead instrument={quote}>
        <span className="visually-hidden">{t('trade.buy.lastPrice')} </span>
        {quote.price === undefined ? '—' : formatMoney(quote.price)}
      </InstrumentHead>
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

      <fieldset className="trade-segment trade-segment--product" aria-label={t('trade.buy.product')}>
        {PRODUCTS.map((product) => (
          <button
            key={product}
            type="button"
            className={`trade-segment__item${values.product === product ? ' trade-segment__item--active' : ''}`}
            aria-pressed={values.product === product}
            onClick={() => update('product', product)}
          >
            {t(`trade.product.${product}`)}
          </button>
        ))}
      </fieldset>
      <p className="trade-form__hint">{t(`trade.buy.productHint.${values.product}`)}</p>

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
          {...bindPrice('triggerPrice')}
        />
      ) : null}
      {needsPrice(values.orderType) ? (
        <TextField
          label={t('trade.buy.price')}
          inputMode="decimal"
          autoComplete="off"
          {...bindPrice('price')}
        />
      ) : (
        <>
          <p className="notice">
            {t(values.orderType === 'sl-m' ? 'trade.buy.slmNotice' : 'trade.buy.marketNotice')}
          </p>
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

      {values.product === 'CNC' ? (
        errors.leverage ? (
          <p className="field__error">{errorText('leverage')}</p>
        ) : null
      ) : productLeverages.length > 0 ? (
        <SelectField
          label={t('trade.buy.leverage')}
          value={String(values.leverage)}
          options={productLeverages.map((leverage) => ({ value: String(leverage), label: `${leverage}×` }))}
          onChange={(value) => update('leverage', Number(value))}
          error={errorText('leverage')}
        />
      ) : (
        <p className="field__error">{errorText('leverage') ?? t('trade.validation.mtfNotOffered')}</p>
      )}

      <div className={`field${errors.quantity ? ' field--invalid' : ''}`}>
        <span className="field__label">{t('trade.buy.lots')}</span>
        <LongPressStepper
          label={t('trade.buy.lots')}
          value={values.quantity}
          min={minimum}
          onChange={(value) => update('quantity', value)}
          {...(errors.quantity ? { errorId: 'buy-lots-error' } : {})}
        />
        <p className="trade-form__hint">{t('trade.buy.lotHint')}</p>
        {errors.quantity ? (
          <p id="buy-lots-error" className="field__error">
            {errorText('quantity')}
          </p>
        ) : null}
      </div>

      {estimate ? (
        <dl className="info-list card trade-card" aria-label={t('trade.buy.estimate')}>
          <InfoRow label={t('trade.buy.notional')} value={formatMoney(estimate.notional)} />
          <InfoRow label={t('trade.buy.margin')} value={formatMoney(estimate.margin)} />
          <InfoRow label={t('trade.buy.fee')} value={formatMoney(estimate.fee)} />
          <InfoRow label={t('trade.buy.total')} value={`${formatMoney(estimate.total)}`} />
          {estimate.mtfInterestPerDay ? (
            <InfoRow label={t('trade.buy.mtfInterest')} value={formatMoney(estimate.mtfInterestPerDay)} />
          ) : null}
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
          call={place}
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
            <InfoRow label={t('trade.field.product')} value={t(`trade.product.${values.product}`)} />
            <InfoRow label={t('trade.field.leverage')} value={`${values.leverage}×`} />
            <InfoRow label={t('trade.buy.margin')} value={formatMoney(estimate?.margin)} />
            {estimate?.mtfInterestPerDay ? (
              <InfoRow label={t('trade.buy.mtfInterest')} value={formatMoney(estimate.mtfInterestPerDay)} />
            ) : null}
          </dl>
          {values.product === 'MTF' ? <p className="funds-dialog__text">{t('trade.buy.mtfNote')}</p> : null}
          <ChargesBreakdown body={orderBody(quote.symbol, values)} />
          <p className="funds-dialog__text">{t('trade.buy.estimateNote')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
