import { describe, expect, it } from 'vitest';
import { isDeliveryProduct, productOf } from './product.js';

describe('productOf', () => {
  it('maps intraday to MIS whatever the leverage', () => {
    expect(productOf({ intraday: true, leverage: 1 })).toBe('MIS');
    expect(productOf({ intraday: true, leverage: 5 })).toBe('MIS');
  });
  it('maps delivery at leverage 1 to CNC and above 1 to MTF', () => {
    expect(productOf({ intraday: false, leverage: 1 })).toBe('CNC');
    expect(productOf({ intraday: false, leverage: 2 })).toBe('MTF');
  });
  it('says which products are delivery', () => {
    expect(isDeliveryProduct('CNC')).toBe(true);
    expect(isDeliveryProduct('MTF')).toBe(true);
    expect(isDeliveryProduct('MIS')).toBe(false);
  });
});
