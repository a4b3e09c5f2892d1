import { describe, expect, it } from 'vitest';
import {
  checkParameterRanges,
  decodeParameterValue,
  defaultParameterValues,
  encodeParameterValue,
  formatBpsAsPercent,
  PARAMETER_NAMES,
  PARAMETERS,
  type ParameterDefinition,
  parameterValueToApi,
  parseParameterInput,
  validateParameterChange,
} from './index.js';

const defaults = defaultParameterValues();

describe('the parameter registry', () => {
  it('holds the italic defaults of DESIGN.md section 5', () => {
    expect(defaults.order_quantity_min).toBe(1);
    expect(defaults.price_band_default_bps).toBe(1_000);
    // The trading fee and close tax are gone: charges follow their schedule (docs/adr/0020).
    expect('trade_fee_bps' in defaults).toBe(false);
    expect('close_tax_bps' in defaults).toBe(false);
    expect(defaults.position_lock_days).toBe(0);
    expect(defaults.position_lock_minutes).toBe(0);
    expect(defaults.stop_out_loss_bps).toBe(8_000);
    expect(defaults.intraday_square_off_at).toBe('15:20');
    expect(defaults.block_quantity_min).toBe(100);
    expect(defaults.block_window_morning).toEqual({ start: '08:45', end: '09:00' });
    expect(defaults.block_window_afternoon).toEqual({ start: '14:05', end: '14:20' });
    expect(defaults.block_price_band_bps).toBe(100);
    expect(defaults.ipo_subscriptions_per_user).toBe(1);
    expect(defaults.ipo_subscription_min_shares).toBe(10_000);
    expect(defaults.ipo_money_mode).toBe('block_at_application');
    expect(defaults.loan_daily_interest_bps).toBe(5);
    expect(defaults.deposit_amount_min).toBe(10_000n);
    expect(defaults.deposit_amount_max).toBe(100_000_000n);
    expect(defaults.deposit_window).toEqual({ start: '00:00', end: '23:59' });
    expect(defaults.payout_destination_cooling_off_hours).toBe(24);
    expect(defaults.withdrawal_amount_min).toBe(10_000n);
    expect(defaults.withdrawal_amount_max).toBe(50_000_000n);
    expect(defaults.withdrawal_window).toEqual({ start: '09:30', end: '24:00' });
    expect(defaults.withdrawal_second_approver_above).toBe(20_000_000n);
    expect(defaults.invite_code_required).toBe(true);
  });

  it('has defaults that pass their own validation', () => {
    for (const name of PARAMETER_NAMES) {
      const value = defaults[name];
      const parsed = parseParameterInput(name, parameterValueToApi(name, value as never));
      expect(parsed, name).toEqual({ ok: true, value });
    }
    expect(checkParameterRanges(defaults)).toBeNull();
  });

  it('lets finance change only money limits', () => {
    for (const name of PARAMETER_NAMES) {
      const definition: ParameterDefinition = PARAMETERS[name];
      expect(definition.editors, name).toContain('admin');
      if (definition.editors.includes('finance')) expect(definition.kind, name).toBe('money');
    }
  });
});

describe('validating a change', () => {
  it('refuses a name that is not a parameter', () => {
    expect(parseParameterInput('house_edge', 1)).toEqual({
      ok: false,
      refusal: { code: 'PARAMETER_UNKNOWN', params: { name: 'house_edge' } },
    });
  });

  it('refuses a price band of 0 and one above 100%, accepts exactly 100%', () => {
    const zero = parseParameterInput('price_band_default_bps', 0);
    expect(zero.ok || zero.refusal.code).toBe('PARAMETER_BELOW_MINIMUM');
    const over = parseParameterInput('price_band_default_bps', 10_001);
    expect(over.ok || over.refusal).toEqual({
      code: 'PARAMETER_ABOVE_MAXIMUM',
      params: { name: 'price_band_default_bps', max: '10000 bps (100%)' },
    });
    expect(parseParameterInput('price_band_default_bps', 10_000)).toEqual({ ok: true, value: 10_000 });
  });

  it('accepts a zero fee but not a negative one, nor a fraction of a basis point', () => {
    expect(parseParameterInput('withdrawal_fee_bps', 0)).toEqual({ ok: true, value: 0 });
    const negative = parseParameterInput('withdrawal_fee_bps', -1);
    expect(negative.ok || negative.refusal.code).toBe('PARAMETER_BELOW_MINIMUM');
    const fraction = parseParameterInput('withdrawal_fee_bps', 2.5);
    expect(fraction.ok || fraction.refusal.code).toBe('PARAMETER_TYPE_INVALID');
    const text = parseParameterInput('withdrawal_fee_bps', '3');
    expect(text.ok || text.refusal.code).toBe('PARAMETER_TYPE_INVALID');
  });

  it('reads money in rupees and refuses negative limits and a third decimal', () => {
    expect(parseParameterInput('deposit_amount_min', '250.50')).toEqual({ ok: true, value: 25_050n });
    expect(parseParameterInput('deposit_amount_min', 0)).toEqual({ ok: true, value: 0n });
    const negative = parseParameterInput('withdrawal_amount_max', '-1.00');
    expect(negative.ok || negative.refusal).toEqual({
      code: 'PARAMETER_BELOW_MINIMUM',
      params: { name: 'withdrawal_amount_max', min: '₹0.00' },
    });
    const decimals = parseParameterInput('deposit_amount_min', '1.001');
    expect(decimals.ok || decimals.refusal.code).toBe('PARAMETER_TYPE_INVALID');
  });

  it('refuses a window that ends before it starts, or at the same minute', () => {
    const backwards = parseParameterInput('withdrawal_window', { start: '18:00', end: '09:30' });
    expect(backwards.ok || backwards.refusal).toEqual({
      code: 'PARAMETER_WINDOW_ORDER',
      params: { name: 'withdrawal_window', start: '18:00', end: '09:30' },
    });
    const empty = parseParameterInput('deposit_window', { start: '10:00', end: '10:00' });
    expect(empty.ok || empty.refusal.code).toBe('PARAMETER_WINDOW_ORDER');
    expect(parseParameterInput('deposit_window', { start: '00:00', end: '24:00' }).ok).toBe(true);
    const badTime = parseParameterInput('deposit_window', { start: '25:00', end: '26:00' });
    expect(badTime.ok || badTime.refusal.code).toBe('PARAMETER_TYPE_INVALID');
    const extra = parseParameterInput('deposit_window', { start: '01:00', end: '02:00', tz: 'UTC' });
    expect(extra.ok || extra.refusal.code).toBe('PARAMETER_TYPE_INVALID');
  });

  it('refuses a choice not in the list and a switch that is not a boolean', () => {
    const choice = parseParameterInput('ipo_money_mode', 'pay_later');
    expect(choice.ok || choice.refusal).toEqual({
      code: 'PARAMETER_CHOICE_INVALID',
      params: { name: 'ipo_money_mode', choices: 'block_at_application, pay_after_allotment' },
    });
    const toggle = parseParameterInput('invite_code_required', 'yes');
    expect(toggle.ok || toggle.refusal.code).toBe('PARAMETER_TYPE_INVALID');
  });

  it('keeps a minimum at or below its maximum, whichever side changes', () => {
    const minAboveMax = validateParameterChange('deposit_amount_min', '1000001.00', defaults);
    expect(minAboveMax.ok || minAboveMax.refusal).toEqual({
      code: 'PARAMETER_RANGE_ORDER',
      params: {
        minName: 'deposit_amount_min',
        maxName: 'deposit_amount_max',
        min: '₹1000001.00',
        max: '₹1000000.00',
      },
    });
    const maxBelowMin = validateParameterChange('withdrawal_amount_max', '99.99', defaults);
    expect(maxBelowMin.ok || maxBelowMin.refusal.code).toBe('PARAMETER_RANGE_ORDER');
    const equal = validateParameterChange('withdrawal_amount_max', '100.00', defaults);
    expect(equal.ok && equal.value.withdrawal_amount_max).toBe(10_000n);
  });
});

describe('storing values', () => {
  it('stores money as a string of paise and reads it back', () => {
    expect(encodeParameterValue('deposit_amount_max', 123_456n)).toBe('123456');
    expect(decodeParameterValue('deposit_amount_max', '123456')).toBe(123_456n);
    expect(parameterValueToApi('deposit_amount_max', 123_456n)).toBe('1234.56');
  });

  it('reads a stored value that no longer fits as undefined, so the default applies', () => {
    expect(decodeParameterValue('withdrawal_fee_bps', 'three')).toBeUndefined();
    expect(decodeParameterValue('deposit_window', { start: '10:00', end: '09:00' })).toBeUndefined();
    expect(decodeParameterValue('withdrawal_fee_bps', 4)).toBe(4);
  });

  it('shows basis points as a percentage', () => {
    expect(formatBpsAsPercent(3)).toBe('0.03%');
    expect(formatBpsAsPercent(1_000)).toBe('10%');
    expect(formatBpsAsPercent(8_050)).toBe('80.5%');
  });
});
