import { formatPaise, parsePaise } from '@nivesh/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormRefusal } from '../../components/form-refusal';
import { LongPressStepper } from '../../components/long-press-stepper';
import { formatMoney } from '../../lib/money';
import { parseWholeNumber } from '../../lib/whole-number';
import { type Issue, type Subscription, useNewStockMutation } from './api';
// The summary rows here are written out (stacked, with test ids) but styled as InfoRow's.
import '../../components/info-row.css';

/** The amount of some shares at a price string, exact in paise: "100.00" × 10,000 → "1000000.00". */
export function amountOf(quantity: number, price: string): string {
  const parsed = parsePaise(price);
  if (!parsed.ok || !Number.isSafeInteger(quantity)) return '0.00';
  return formatPaise(parsed.paise * BigInt(quantity));
}

/** The lots typed, or the refusal (an i18n key) when they are not a whole number in range. */
export function checkLots(text: string, minLots: number, maxLots: number): { lots?: number; error?: string } {
  const parsed = parseWholeNumber(text);
  if (!parsed.ok)
    return { error: parsed.reason === 'empty' ? 'newStock.form.lotsRange' : 'validation.lotsWhole' };
  if (parsed.value < minLots || parsed.value > maxLots) return { error: 'newStock.form.lotsRange' };
  return { lots: parsed.value };
}

/**
 * The subscribe form: a stepper in whole lots (the unit the issue is sold in) from the minimum, the amount at the
 * provisional price, what the money mode does with it, and a confirmation. Why it cannot be used
 * (not open, count reached) is said instead of a dead button.
 */
export function SubscribeForm({
  issue,
  onSubscribed,
}: {
  issue: Issue;
  onSubscribed?: (s: Subscription) => void;
}) {
  const { t } = useTranslation();
  const lotSize = Math.max(1, issue.lotSize);
  const minLots = Math.max(1, Math.ceil(issue.minShares / lotSize));
  const maxLots = Math.max(minLots, Math.floor(issue.offeredShares / lotSize));
  const [lotsText, setLotsText] = useState(String(minLots));
  const [lotsError, setLotsError] = useState<string | undefined>();
  const lots = checkLots(lotsText, minLots, maxLots).lots;
  const quantity = (lots ?? 0) * lotSize;
  const [confirming, setConfirming] = useState(false);
  const subscribe = useNewStockMutation('newstock/subscribe', (subscription) => {
    setConfirming(false);
    onSubscribed?.(subscription);
  });
  const amount = amountOf(quantity, issue.provisionalPrice);
  const limitReached = issue.my.subscriptions >= issue.perUserLimit;
  const blocked = issue.moneyMode === 'block_at_application';
  const unavailable =
    issue.phase === 'upcoming'
      ? t('newStock.form.notStarted')
      : issue.phase !== 'open'
        ? t('newStock.form.closed')
        : limitReached
          ? t('newStock.form.limitReached', { limit: issue.perUserLimit })
          : null;

  return (
    <section className="card trade-card" aria-labelledby="subscribe-title">
      <h2 id="subscribe-title" className="trade-section-title">
        {t('newStock.form.title')}
      </h2>
      <span className="field__label subscribe-form__label">{t('newStock.form.quantity')}</span>
      <LongPressStepper
        label={t('newStock.form.quantity')}
        value={lotsText}
        onChange={(text) => {
          setLotsText(text);
          setLotsError(undefined);
        }}
        min={minLots}
        max={maxLots}
        disabled={unavailable !== null}
        {...(lotsError ? { errorId: 'subscribe-lots-error' } : {})}
      />
      {lotsError ? (
        <p id="subscribe-lots-error" className="field__error">
          {t(lotsError, { min: minLots, max: maxLots })}
        </p>
      ) : null}
      <dl className="info-list">
        <div className="info-row">
          <dt className="info-row__label">{t('newStock.form.lots')}</dt>
          <dd className="info-row__value">
            {lots === undefined
              ? '—'
              : t('newStock.form.lotsValue', {
                  shares: quantity.toLocaleString('en-IN'),
                  lots,
                  lot: lotSize.toLocaleString('en-IN'),
                })}
          </dd>
        </div>
        <div className="info-row">
          <dt className="info-row__label">{t('newStock.form.amount')}</dt>
          <dd className="info-row__value" data-testid="subscribe-amount">
            ₹{formatMoney(amount)}
          </dd>
        </div>
      </dl>
      <p className="funds-dialog__text">
        {blocked
          ? t('newStock.form.blockExplain', { amount: formatMoney(amount) })
          : t('newStock.form.payAfterExplain')}
      </p>
      {unavailable ? <p className="new-stock-unavailable">{unavailable}</p> : null}
      <FormRefusal error={confirming ? null : subscribe.error} />
      <button
        type="button"
        className="button button--primary button--block"
        disabled={unavailable !== null || subscribe.isPending}
        onClick={() => {
          subscribe.reset();
          const checked = checkLots(lotsText, minLots, maxLots);
          setLotsError(checked.error);
          if (checked.error === undefined) setConfirming(true);
        }}
      >
        {t('newStock.form.subscribe')}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t('newStock.form.confirmTitle')}
          confirmLabel={t('newStock.form.confirm')}
          call={subscribe}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void subscribe.submit({ issueId: issue.id, quantity })}
        >
          <p className="funds-dialog__text">
            {t(blocked ? 'newStock.form.confirmBlock' : 'newStock.form.confirmPayAfter', {
              name: issue.name,
              quantity: quantity.toLocaleString('en-IN'),
              amount: formatMoney(amount),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
