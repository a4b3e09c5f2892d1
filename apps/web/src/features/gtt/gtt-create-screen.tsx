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

/** A price as typed: rupees with at most two decimals (the server checks the tick and refuses). */
const isPriceText = (text: string) => /^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(text);
const isQuantityText = (text: string) => /^[1-9][0-9]{0,8}$/.test(text);

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
  const [trigger, setTrigger] = useState('');
  const [price, setPrice] = useState('');
  const [stopTrigger, setStopTrigger] = useState('');
  const [stopPrice, setStopPrice] = useState('');
  const [targetTrigger, setTargetTrigger] = useState('');
  const [targetPrice, setTargetPrice] = useState('');
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const create = useCreateGtt(() => navigate('/trade/gtt', { replace: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prices =
      type === 'single' ? { trigger, price } : { stopTrigger, stopPrice, targetTrigger, targetPrice };
    const errors: Record<string, string> = {};
    for (const [field, value] of Object.entries(prices))
      if (!isPriceText(value)) errors[field] = t('gtt.invalidPrice');
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
        ? { symbol, type, triggers: [trigger], orders: [order(side, price)] }
        : {
            symbol,
            type,
            triggers: [stopTrigger, targetTrigger],
            orders: [order('SELL', stopPrice), order('SELL', targetPrice)],
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
        {type === 'single' ? (
          <>
            <TextField
              label={t('gtt.triggerPrice')}
              inputMode="decimal"
              value={trigger}
              onChange={setTrigger}
              error={invalid.trigger}
            />
            <TextField
              label={t('gtt.limitPrice')}
              inputMode="decimal"
              value={price}
              onChange={setPrice}
              error={invalid.price}
            />
          </>
        ) : (
          <>
            <p className="gtt-form__legend">{t('gtt.leg.stopLoss')}</p>
            <TextField
              label={t('gtt.triggerPrice')}
              inputMode="decimal"
              value={stopTrigger}
              onChange={setStopTrigger}
              error={invalid.stopTrigger}
            />
            <TextField
              label={t('gtt.limitPrice')}
              inputMode="decimal"
              value={stopPrice}
              onChange={setStopPrice}
              error={invalid.stopPrice}
            />
            <p className="gtt-form__legend">{t('gtt.leg.target')}</p>
            <TextField
              label={t('gtt.triggerPrice')}
              inputMode="decimal"
              value={targetTrigger}
              onChange={setTargetTrigger}
              error={invalid.targetTrigger}
            />
            <TextField
              label={t('gtt.limitPrice')}
              inputMode="decimal"
              value={targetPrice}
              onChange={setTargetPrice}
              error={invalid.targetPrice}
            />
          </>
        )}
        <p className="screen__hint">{t('gtt.expiryHint')}</p>
        <FormRefusal error={create.error} />
        <button type="submit" className="button button--primary button--block" disabled={create.isPending}>
          {create.isPending ? t('gtt.placing') : t('gtt.place')}
        </button>
      </form>
    </div>
  );
}
