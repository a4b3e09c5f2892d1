import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import type { Position } from '../../api/positions';
import { ChargesBreakdown } from '../../components/charges-breakdown';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { FormRefusal } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { InstrumentHead } from '../../components/instrument-head';
import { LongPressStepper } from '../../components/long-press-stepper';
import { formatMoney } from '../../lib/money';
import { parseWholeNumber } from '../../lib/whole-number';
import { type BlockDetail, type BlockTrade, useBlockBuy } from './api';
import { blockEstimateBody, checkLimitPrice } from './block-order';

interface BlockOrderFormProps {
  detail: BlockDetail;
  onPlaced: (result: { trade: BlockTrade; position: Position }) => void;
}

/**
 * The block order: quantity with the long-press stepper from the block minimum, an optional limit
 * price inside the band, the amount, charges (the server's `trade/estimate`, as the other confirm
 * sheets; docs/adr/0020) and lock shown, then a confirmation. It executes at the
 * reference price, whatever the limit; the limit only guards against a reference the investor
 * would not accept.
 */
export function BlockOrderForm({ detail, onPlaced }: BlockOrderFormProps) {
  const { t } = useTranslation();
  const { item, rules, window } = detail;
  const reference = item.reference;
  const [quantityText, setQuantityText] = useState(String(rules.minQuantity));
  const [quantityError, setQuantityError] = useState<string | undefined>();
  const parsedQuantity = parseWholeNumber(quantityText);
  const quantity = parsedQuantity.ok ? parsedQuantity.value : 0;
  const [limitPrice, setLimitPrice] = useState('');
  const [limitError, setLimitError] = useState<string | undefined>();
  const [isConfirming, setIsConfirming] = useState(false);
  const buy = useBlockBuy((result) => {
    setIsConfirming(false);
    onPlaced(result);
  });
  const estimateBody = reference ? blockEstimateBody(item.symbol, reference.price, quantity) : null;
  const estimate = useApiQuery('trade/estimate', estimateBody ?? {}, {
    enabled: estimateBody !== null,
    staleTime: 5_000,
  });

  if (!reference) return <p className="notice">{t('block.reference.none')}</p>;
  const band = { lower: formatMoney(reference.bandLower), upper: formatMoney(reference.bandUpper) };
  const lockText = rules.lockDays > 0 ? t('block.lockDays', { days: rules.lockDays }) : t('block.noLock');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsedQuantity.ok && parsedQuantity.reason !== 'empty') {
      setQuantityError(t('validation.sharesWhole'));
      return;
    }
    if (quantity < rules.minQuantity) {
      setQuantityError(t('block.order.minHint', { min: rules.minQuantity }));
      return;
    }
    const problem = checkLimitPrice(limitPrice, reference);
    if (problem) {
      setLimitError(t(`block.order.limit.${problem}`, band));
      return;
    }
    buy.reset();
    setIsConfirming(true);
  };
  const confirm = () =>
    void buy.submit({
      symbol: item.symbol,
      quantity,
      ...(limitPrice.trim() === '' ? {} : { price: limitPrice.trim() }),
    });

  return (
    <form
      className="form trade-form"
      noValidate
      onSubmit={handleSubmit}
      aria-label={t('block.order.formLabel')}
    >
      <InstrumentHead instrument={item}>₹{formatMoney(reference.price)}</InstrumentHead>
      <p className="trade-form__hint">
        {t('block.order.executesAt', { price: formatMoney(reference.price), ...band })}
      </p>

      <div className={`field${quantityError ? ' field--invalid' : ''}`}>
        <span className="field__label">{t('block.order.quantity')}</span>
        <LongPressStepper
          label={t('block.order.quantity')}
          value={quantityText}
          min={rules.minQuantity}
          onChange={(value) => {
            setQuantityText(value);
            setQuantityError(undefined);
            setIsConfirming(false);
          }}
          {...(quantityError ? { errorId: 'block-quantity-error' } : {})}
        />
        <p className="trade-form__hint">{t('block.order.minHint', { min: rules.minQuantity })}</p>
        {quantityError ? (
          <p id="block-quantity-error" className="field__error">
            {quantityError}
          </p>
        ) : null}
      </div>

      <TextField
        label={t('block.order.limitPrice')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('block.order.limitPlaceholder')}
        value={limitPrice}
        onChange={(value) => {
          setLimitPrice(value);
          setLimitError(undefined);
          setIsConfirming(false);
        }}
        error={limitError}
      />

      {estimateBody ? (
        <dl className="info-list card trade-card" aria-label={t('block.order.estimate')}>
          {estimate.data ? (
            <>
              <InfoRow label={t('block.order.amount')} value={formatMoney(estimate.data.turnover)} />
              <InfoRow label={t('block.order.fee')} value={formatMoney(estimate.data.charges.total)} />
              <InfoRow label={t('block.order.total')} value={formatMoney(estimate.data.netAmount)} />
            </>
          ) : (
            <p className="trade-charges__note">
              {t(estimate.isError ? 'trade.charges.unavailable' : 'trade.charges.loading')}
            </p>
          )}
          <InfoRow label={t('block.detail.lock')} value={lockText} />
        </dl>
      ) : null}

      <FormRefusal error={isConfirming ? null : buy.error} />
      <button
        type="submit"
        className="button button--block trade-submit trade-submit--long"
        disabled={!window.open}
      >
        {window.open ? t('block.order.submit') : t('block.detail.closed')}
      </button>

      {isConfirming && estimateBody ? (
        <ConfirmDialog
          title={t('block.order.confirmTitle')}
          confirmLabel={t('block.order.confirm')}
          call={buy}
          onConfirm={confirm}
          onCancel={() => setIsConfirming(false)}
        >
          <dl className="info-list">
            <InfoRow label={t('block.order.instrument')} value={`${item.name} (${item.symbol})`} />
            <InfoRow label={t('block.order.quantity')} value={t('block.shares', { shares: quantity })} />
            <InfoRow label={t('block.detail.reference')} value={formatMoney(reference.price)} />
            <InfoRow
              label={t('block.order.limitPrice')}
              value={limitPrice.trim() === '' ? t('block.order.noLimit') : formatMoney(limitPrice)}
            />
            <InfoRow label={t('block.detail.lock')} value={lockText} />
          </dl>
          <ChargesBreakdown body={estimateBody} />
          <p className="funds-dialog__text">{t('block.order.confirmNote')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
