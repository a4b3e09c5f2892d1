import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '../../api/client';
import { TextField } from '../../components/form-field';
import { FormRefusal } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { SelectField } from '../../components/select-field';
import { normalizeAmount } from '../../lib/amount-input';
import { hasErrors } from '../../lib/form-validation';
import { formatMoney } from '../../lib/money';
import { useFormValues } from '../../lib/use-form-values';
import { type ExchangeQuote, type ExchangeRate, type ExchangeRecord, useFundsMutation } from './api';
import { type ExchangeValues, validateExchange } from './validation';
import './funds.css';

/** Spread in basis points as a percentage ("25" → "0.25%"), without floating point. */
export function spreadPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = String(bps % 100).padStart(2, '0');
  return `${whole}.${rest}%`;
}

/** From, to, amount; the quote (rate less the spread, rounded down) is shown before confirming. */
export function ExchangeForm({
  rates,
  onExchanged,
}: {
  rates: readonly ExchangeRate[];
  onExchanged: (record: ExchangeRecord) => void;
}) {
  const { t } = useTranslation();
  const currencies = useMemo(
    () => [...new Set(rates.flatMap((rate) => [rate.from, rate.to]))].sort(),
    [rates],
  );
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [quoteError, setQuoteError] = useState<unknown>(null);
  const { values, setValues, setErrors, update, errorText, bind } = useFormValues<ExchangeValues>(
    { from: rates[0]?.from ?? '', to: rates[0]?.to ?? '', amount: '' },
    () => {
      setQuote(null);
      setQuoteError(null);
    },
  );
  const [isQuoting, setIsQuoting] = useState(false);
  const submit = useFundsMutation('exchange/submit', (record) => {
    setQuote(null);
    setValues((current) => ({ ...current, amount: '' }));
    onExchanged(record);
  });
  const pair = rates.find((rate) => rate.from === values.from && rate.to === values.to);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateExchange(values);
    setErrors(found);
    // Validation has checked the amount; the null check below only tells the compiler.
    const amount = normalizeAmount(values.amount);
    if (hasErrors(found) || isQuoting || amount === null) return;
    setIsQuoting(true);
    setQuoteError(null);
    try {
      setQuote(await call('exchange/quote', { from: values.from, to: values.to, amount }, { silent: true }));
    } catch (caught) {
      setQuoteError(isApiError(caught) ? caught : String(caught));
    } finally {
      setIsQuoting(false);
    }
  };
  const options = currencies.map((currency) => ({ value: currency, label: currency }));

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={t('funds.exchange.formLabel')}
    >
      <div className="field-pair">
        <SelectField
          label={t('funds.exchange.from')}
          value={values.from}
          options={options}
          onChange={(value) => update('from', value)}
          error={errorText('from')}
        />
        <SelectField
          label={t('funds.exchange.to')}
          value={values.to}
          options={options}
          onChange={(value) => update('to', value)}
          error={errorText('to')}
        />
      </div>
      {pair ? (
        <p className="funds-muted">
          {t('funds.exchange.rateLine', {
            from: pair.from,
            to: pair.to,
            rate: pair.rate,
            spread: spreadPercent(pair.spreadBps),
          })}
        </p>
      ) : values.from && values.to && values.from !== values.to ? (
        <p className="funds-muted">{t('funds.exchange.pairUnavailable')}</p>
      ) : null}
      <TextField
        label={t('funds.amountIn', { currency: values.from || '—' })}
        inputMode="decimal"
        autoComplete="off"
        {...bind('amount')}
      />
      {quote ? (
        <dl className="info-list card funds-card" aria-label={t('funds.exchange.quote')}>
          <InfoRow label={t('funds.exchange.pay')} value={`${quote.from} ${formatMoney(quote.amount)}`} />
          <InfoRow label={t('funds.exchange.receive')} value={`${quote.to} ${formatMoney(quote.receive)}`} />
          <InfoRow label={t('funds.exchange.rate')} value={quote.rate} />
          <InfoRow label={t('funds.exchange.spread')} value={spreadPercent(quote.spreadBps)} />
        </dl>
      ) : null}
      <FormRefusal error={quoteError ?? submit.error} />
      {quote ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={submit.isPending}
          onClick={() => void submit.submit({ from: quote.from, to: quote.to, amount: quote.amount })}
        >
          {submit.isPending ? t('funds.submitting') : t('funds.exchange.confirm')}
        </button>
      ) : (
        <button type="submit" className="button button--primary button--block" disabled={isQuoting}>
          {isQuoting ? t('common.loading') : t('funds.exchange.getQuote')}
        </button>
      )}
    </form>
  );
}
