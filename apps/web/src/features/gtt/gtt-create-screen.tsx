import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { BackHeader } from '../../components/back-header';
import { TextField } from '../../components/form-field';
import { FormRefusal } from '../../components/form-refusal';
import { SelectField } from '../../components/select-field';
import { TabStrip } from '../../components/tab-strip';
import { formatMoney } from '../../lib/money';
import { useCreateGtt } from './api';
import './gtt.css';

const TYPES = ['single', 'two-leg'] as const;
type GttType = (typeof TYPES)[number];

type PriceField = 'trigger' | 'price' | 'stopTrigger' | 'stopPrice' | 'targetTrigger' | 'targetPrice';
type Prices = Record<PriceField, string>;

/** One leg of a GTT: the trigger that arms it and the limit price of the order it places. */
interface Leg {
  legendKey?: string;
  trigger: PriceField;
  price: PriceField;
}

/** The legs each type asks for; a target and stop-loss lists the stop-loss first, as the server orders its triggers. */
const LEGS_OF: Record<GttType, readonly Leg[]> = {
  single: [{ trigger: 'trigger', price: 'price' }],
  'two-leg': [
    { legendKey: 'gtt.leg.stopLoss', trigger: 'stopTrigger', price: 'stopPrice' },
    { legendKey: 'gtt.leg.target', trigger: 'targetTrigger', price: 'targetPrice' },
  ],
};

const NO_PRICES: Prices = {
  trigger: '',
  price: '',
  stopTrigger: '',
  stopPrice: '',
  targetTrigger: '',
  targetPrice: '',
};

/** A price as typed: rupees with at most two decimals (the server checks the tick and refuses). */
const isPriceText = (text: string) => /^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(text);
const isQuantityText = (text: string) => /^[1-9][0-9]{0,8}$/.test(text);

/** A leg's legend (two-leg GTTs only) and its trigger and limit price fields. */
function LegFields({
  leg,
  prices,
  invalid,
  onChange,
}: {
  leg: Leg;
  prices: Prices;
  invalid: Record<string, string>;
  onChange: (field: PriceField, value: string) => void;
}) {
  const { t } = useTranslation();
  const fields = [
    { field: leg.trigger, labelKey: 'gtt.triggerPrice' },
    { field: leg.price, labelKey: 'gtt.limitPrice' },
  ];
  return (
    <>
      {leg.legendKey ? <p className="gtt-form__legend">{t(leg.legendKey)}</p> : null}
      {fields.map(({ field, labelKey }) => (
        <TextField
          key={field}
          label={t(labelKey)}
          inputMode="decimal"
          value={prices[field]}
          onChange={(value) => onChange(field, value)}
          error={invalid[field]}
        />
      ))}
    </>
  );
}

/**
 * /trade/gttNew?symbol=: places a GTT on a stock (docs/adr/0031), reached from its detail screen. A
 * single GTT places one LIMIT order when the price reaches its trigger; a target and stop-loss (OCO)
 * sells a holding at whichever of the two is reached first and drops the other.
 */
export default function GttCreateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const symbol = params.get('symbol') ?? '';
  const quote = useApiQuery('market/quote', { symbol }, { enabled: symbol !== '', staleTime: 5_000 });
  const [type, setType] = useState<GttType>('single');
  const [side, setSide] = useState<'BUY' | 'SELL'>('BUY');
  const [quantity, setQuantity] = useState('1');
  const [prices, setPrices] = useState<Prices>(NO_PRICES);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const create = useCreateGtt(() => navigate('/trade/gtt', { replace: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    for (const leg of LEGS_OF[type])
      for (const field of [leg.trigger, leg.price])
        if (!isPriceText(prices[field])) errors[field] = t('gtt.invalidPrice');
    if (!isQuantityText(quantity)) errors.quantity = t('gtt.invalidQuantity');
    setInvalid(errors);
    if (Object.keys(errors).length > 0) return;
    const order = (transactionType: 'BUY' | 'SELL', limit: string) => ({
      transactionType,
      product: 'CNC' as const,
      quantity: Number(quantity),
      price: limit,
    });
    void create.submit(
      type === 'single'
        ? { symbol, type, triggers: [prices.trigger], orders: [order(side, prices.price)] }
        : {
            symbol,
            type,
            triggers: [prices.stopTrigger, prices.targetTrigger],
            orders: [order('SELL', prices.stopPrice), order('SELL', prices.targetPrice)],
          },
    );
  };

  const last = quote.data?.price;
  return (
    <div className="screen gtt-screen">
      <BackHeader fallbackPath="/market/stockDetail" />
      <form className="form" noValidate onSubmit={submit} aria-label={t('gtt.formLabel', { symbol })}>
        <p className="gtt-form__last">
          {symbol}
          {last !== undefined ? ` · ${t('gtt.lastPrice', { price: formatMoney(last) })}` : ''}
        </p>
        <TabStrip
          label={t('gtt.typeLabel')}
          tabs={TYPES}
          selected={type}
          onSelect={setType}
          labelOf={(item) => t(`gtt.type.${item}`)}
        />
        <p className="screen__hint">{t(type === 'single' ? 'gtt.singleHint' : 'gtt.ocoHint')}</p>
        {type === 'single' ? (
          <SelectField
            label={t('gtt.sideLabel')}
            value={side}
            options={[
              { value: 'BUY', label: t('gtt.side.BUY') },
              { value: 'SELL', label: t('gtt.side.SELL') },
            ]}
            onChange={(value) => setSide(value as 'BUY' | 'SELL')}
          />
        ) : null}
        <TextField
          label={t('gtt.quantity')}
          inputMode="numeric"
          value={quantity}
          onChange={setQuantity}
          error={invalid.quantity}
        />
        {LEGS_OF[type].map((leg) => (
          <LegFields
            key={leg.trigger}
            leg={leg}
            prices={prices}
            invalid={invalid}
            onChange={(field, value) => setPrices((current) => ({ ...current, [field]: value }))}
          />
        ))}
        <p className="screen__hint">{t('gtt.expiryHint')}</p>
        <FormRefusal error={create.error} />
        <button type="submit" className="button button--primary button--block" disabled={create.isPending}>
          {create.isPending ? t('gtt.placing') : t('gtt.place')}
        </button>
      </form>
    </div>
  );
}
