import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CallData } from '../../api/calls';
import { callKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { TextField } from '../../components/form-field';
import { TrashIcon } from '../../components/icons';
import { QueryState } from '../../components/query-state';
import { normalizeAmount, toPaise } from '../../lib/amount-input';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';

type PriceAlert = CallData<'alert/list'>['items'][number];
type Direction = PriceAlert['direction'];

const SYMBOL = /^[A-Za-z0-9&_-]{1,32}$/;

/** The refusal keys of the form, or none when it may be sent. Input is never rewritten. */
export function validateAlertForm(symbol: string, price: string): { symbol?: string; price?: string } {
  const errors: { symbol?: string; price?: string } = {};
  if (!SYMBOL.test(symbol.trim())) errors.symbol = 'alerts.validation.symbol';
  const paise = toPaise(price);
  if (paise === null) errors.price = 'alerts.validation.price';
  else if (paise <= 0n) errors.price = 'alerts.validation.positive';
  return errors;
}

function AlertForm({ initialSymbol }: { initialSymbol: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [symbol, setSymbol] = useState(initialSymbol);
  const [direction, setDirection] = useState<Direction>('above');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<{ symbol?: string; price?: string }>({});
  const trimmed = symbol.trim().toUpperCase();
  const last = useApiQuery(
    'market/lastPrices',
    { symbols: [trimmed] },
    { enabled: SYMBOL.test(trimmed), staleTime: 5_000 },
  );
  const lastPrice = last.data?.[0]?.price;
  const create = useApiMutation('alert/create', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKey('alert/list') }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAlertForm(symbol, price);
    setErrors(found);
    if (found.symbol || found.price) return;
    const created = await create.submit({
      symbol: trimmed,
      direction,
      price: normalizeAmount(price) ?? price,
    });
    if (created) setPrice('');
  };

  return (
    <form
      className="card form alert-form"
      aria-label={t('alerts.new')}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 className="card__title">{t('alerts.new')}</h2>
      <TextField
        label={t('alerts.symbol')}
        value={symbol}
        onChange={setSymbol}
        autoCapitalize="characters"
        autoComplete="off"
        error={errors.symbol ? t(errors.symbol) : undefined}
      />
      {lastPrice !== undefined ? (
        <p className="screen__hint">{t('alerts.lastPrice', { price: formatMoney(lastPrice) })}</p>
      ) : null}
      <fieldset className="segmented">
        <legend className="field__label">{t('alerts.when')}</legend>
        {(['above', 'below'] as const).map((choice) => (
          <label
            key={choice}
            className={`segmented__option${direction === choice ? ' segmented__option--on' : ''}`}
          >
            <input
              type="radio"
              name="direction"
              value={choice}
              checked={direction === choice}
              onChange={() => setDirection(choice)}
            />
            {t(choice === 'above' ? 'alerts.above' : 'alerts.below')}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('alerts.price')}
        value={price}
        onChange={setPrice}
        inputMode="decimal"
        autoComplete="off"
        error={errors.price ? t(errors.price) : undefined}
      />
      <button type="submit" className="button button--primary button--block" disabled={create.isPending}>
        {t('alerts.create')}
      </button>
    </form>
  );
}

function AlertRow({ alert }: { alert: PriceAlert }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useApiMutation('alert/delete', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKey('alert/list') }),
  });
  const condition = t(alert.direction === 'above' ? 'alerts.isAbove' : 'alerts.isBelow', {
    price: formatMoney(alert.price),
  });
  return (
    <li className="alert-row">
      <div className="alert-row__main">
        <span className="alert-row__symbol">{alert.symbol}</span>
        <span className="alert-row__condition">{condition}</span>
        {alert.state === 'triggered' && alert.triggeredAt !== null ? (
          <span className="alert-row__fired">
            {t('alerts.firedAt', {
              price: formatMoney(alert.triggeredPrice ?? alert.price),
              time: formatIstDateTime(alert.triggeredAt, i18n.language),
            })}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={t('alerts.delete', { symbol: alert.symbol, condition })}
        disabled={remove.isPending}
        onClick={() => void remove.submit({ alertId: alert.id })}
      >
        <TrashIcon size={20} />
      </button>
    </li>
  );
}

/** /information/alerts: set a price alert, and see those waiting and those that fired. */
export default function AlertsScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const alerts = useApiQuery('alert/list', {});
  return (
    <div className="screen alerts-screen">
      <BackHeader />
      <AlertForm initialSymbol={params.get('symbol') ?? ''} />
      <QueryState query={alerts}>
        {({ items }) => {
          const waiting = items.filter((alert) => alert.state === 'active');
          const fired = items.filter((alert) => alert.state === 'triggered');
          if (items.length === 0) return <EmptyState message={t('alerts.none')} />;
          return (
            <>
              <section className="card" aria-labelledby="alerts-waiting">
                <h2 id="alerts-waiting" className="card__title">
                  {t('alerts.waiting', { number: waiting.length })}
                </h2>
                {waiting.length === 0 ? (
                  <p className="screen__hint">{t('alerts.noneWaiting')}</p>
                ) : (
                  <ul className="alert-list">
                    {waiting.map((alert) => (
                      <AlertRow key={alert.id} alert={alert} />
                    ))}
                  </ul>
                )}
              </section>
              {fired.length > 0 ? (
                <section className="card" aria-labelledby="alerts-fired">
                  <h2 id="alerts-fired" className="card__title">
                    {t('alerts.fired', { number: fired.length })}
                  </h2>
                  <ul className="alert-list">
                    {fired.map((alert) => (
                      <AlertRow key={alert.id} alert={alert} />
                    ))}
                  </ul>
                </section>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
