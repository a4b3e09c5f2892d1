import { formatPaise, lendingFeePaise, parsePaise } from '@nivesh/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { parseWholeNumber } from '../../lib/whole-number';
import { isLendingTerm, type LendableHolding, type Lending, type LendingOverview, useLend } from './api';

const DAY_MS = 86_400_000;

/** A daily rate in bps as a percentage: 2 → "0.02". */
export function bpsAsPercent(bps: number): string {
  return formatPaise(BigInt(bps));
}

/** The expected fee shown before confirming, by the same rule the server fixes it with. */
function expectedFee(holding: LendableHolding, quantity: number, feeBpsPerDay: number, termDays: number) {
  if (!holding.price || !Number.isSafeInteger(quantity) || quantity < 1) return null;
  const price = parsePaise(holding.price);
  if (!price.ok) return null;
  const valuePaise = BigInt(quantity) * price.paise;
  return {
    value: formatPaise(valuePaise),
    fee: formatPaise(lendingFeePaise(valuePaise, feeBpsPerDay, termDays)),
  };
}

/**
 * The lending form for one holding: how many shares (the whole holding by default), the term, and
 * the value, rate, expected fee and term end, then a confirm. Refusals show beside the button.
 */
export function LendForm({
  holding,
  overview,
  nowMs,
  onLent,
  onCancel,
}: {
  holding: LendableHolding;
  overview: LendingOverview;
  nowMs: number;
  onLent: (lending: Lending) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const quantityId = useId();
  const [quantityText, setQuantityText] = useState(String(holding.quantity));
  const [termDays, setTermDays] = useState(overview.terms[0] ?? 7);
  const lend = useLend(onLent);
  const parsedQuantity = parseWholeNumber(quantityText);
  const quantity = parsedQuantity.ok ? parsedQuantity.value : 0;
  const isQuantityValid = parsedQuantity.ok && quantity >= 1 && quantity <= holding.quantity;
  const figures = isQuantityValid ? expectedFee(holding, quantity, overview.feeBpsPerDay, termDays) : null;

  return (
    <form
      className="card lending-form"
      aria-label={t('lending.formTitle', { symbol: holding.symbol })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isQuantityValid || !isLendingTerm(termDays)) return;
        void lend.submit({ positionId: holding.positionId, quantity, termDays });
      }}
    >
      <p className="lending-form__title">
        {t('lending.formTitle', { symbol: holding.symbol })}
        <span className="lending-muted">{holding.name}</span>
      </p>
      <div className={`field${isQuantityValid ? '' : ' field--invalid'}`}>
        <label className="field__label" htmlFor={quantityId}>
          {t(holding.unit === 'units' ? 'lending.quantityUnits' : 'lending.quantity', {
            max: holding.quantity,
          })}
        </label>
        <div className="field__control">
          <input
            id={quantityId}
            className="field__input"
            inputMode="numeric"
            value={quantityText}
            autoComplete="off"
            onChange={(event) => setQuantityText(event.target.value)}
            aria-invalid={!isQuantityValid}
            aria-describedby={isQuantityValid ? undefined : `${quantityId}-error`}
          />
        </div>
        {isQuantityValid ? null : (
          <p id={`${quantityId}-error`} className="field__error">
            {t('lending.quantityInvalid', { max: holding.quantity })}
          </p>
        )}
      </div>
      <fieldset className="lending-terms">
        <legend className="field__label">{t('lending.term')}</legend>
        <div className="chip-row">
          {overview.terms.map((days) => (
            <button
              key={days}
              type="button"
              className={`chip${days === termDays ? ' chip--active' : ''}`}
              aria-pressed={days === termDays}
              onClick={() => setTermDays(days)}
            >
              {t('lending.days', { days })}
            </button>
          ))}
        </div>
      </fieldset>
      <dl className="info-list">
        <InfoRow label={t('lending.value')} value={figures ? `₹${formatMoney(figures.value)}` : '—'} />
        <InfoRow
          label={t('lending.rate')}
          value={t('lending.ratePerDay', { percent: bpsAsPercent(overview.feeBpsPerDay) })}
        />
        <InfoRow label={t('lending.expectedFee')} value={figures ? `₹${formatMoney(figures.fee)}` : '—'} />
        <InfoRow
          label={t('lending.termEnds')}
          value={formatIstDateTime(nowMs + termDays * DAY_MS, i18n.language)}
        />
      </dl>
      <p className="lending-muted">{t('lending.lockNote')}</p>
      <FormRefusal error={lend.error} />
      <div className="lending-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('lending.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!isQuantityValid || lend.isPending || !overview.channelOpen}
        >
          {lend.isPending ? t('lending.submitting') : t('lending.confirm')}
        </button>
      </div>
    </form>
  );
}
