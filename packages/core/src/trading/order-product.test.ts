import { describe, expect, it } from 'vitest';
import { productOf, resolveOrderProduct } from './product.js';

const LEVERAGES = [1, 2, 5];

describe('the product of a new order', () => {
  it('without a product, the older fields decide by productOf, delivery at leverage 1 by default', () => {
    expect(resolveOrderProduct({}, LEVERAGES)).toEqual({
      ok: true,
      product: 'CNC',
      intraday: false,
      leverage: 1,
    });
    expect(resolveOrderProduct({ intraday: true, leverage: 5 }, LEVERAGES)).toMatchObject({ product: 'MIS' });
    expect(resolveOrderProduct({ leverage: 2 }, LEVERAGES)).toMatchObject({ product: 'MTF', leverage: 2 });
  });

  it('CNC is delivery at leverage 1; intraday or a leverage is a conflict', () => {
    expect(resolveOrderProduct({ product: 'CNC' }, LEVERAGES)).toEqual({
      ok: true,
      product: 'CNC',
      intraday: false,
      leverage: 1,
    });
    expect(resolveOrderProduct({ product: 'CNC', leverage: 1, intraday: false }, LEVERAGES).ok).toBe(true);
    expect(resolveOrderProduct({ product: 'CNC', leverage: 3 }, [1, 3])).toEqual({
      ok: false,
      reason: 'conflict',
      product: 'CNC',
    });
    expect(resolveOrderProduct({ product: 'CNC', intraday: true }, LEVERAGES).ok).toBe(false);
  });

  it("MIS is intraday at the leverage sent or the instrument's highest", () => {
    expect(resolveOrderProduct({ product: 'MIS' }, LEVERAGES)).toEqual({
      ok: true,
      product: 'MIS',
      intraday: true,
      leverage: 5,
    });
    expect(resolveOrderProduct({ product: 'MIS', leverage: 2 }, LEVERAGES)).toMatchObject({ leverage: 2 });
    expect(resolveOrderProduct({ product: 'MIS', intraday: false }, LEVERAGES).ok).toBe(false);
  });

  it('MTF is delivery with leverage above 1; an unlevered instrument has none', () => {
    expect(resolveOrderProduct({ product: 'MTF' }, LEVERAGES)).toEqual({
      ok: true,
      product: 'MTF',
      intraday: false,
      leverage: 5,
    });
    expect(resolveOrderProduct({ product: 'MTF', leverage: 1 }, LEVERAGES)).toMatchObject({
      reason: 'conflict',
    });
    expect(resolveOrderProduct({ product: 'MTF', intraday: true }, LEVERAGES)).toMatchObject({
      reason: 'conflict',
    });
    expect(resolveOrderProduct({ product: 'MTF' }, [1])).toEqual({
      ok: false,
      reason: 'not_allowed',
      product: 'MTF',
    });
  });

  it('whatever resolves agrees with productOf', () => {
    for (const product of ['CNC', 'MIS', 'MTF'] as const) {
      const resolved = resolveOrderProduct({ product }, LEVERAGES);
      if (resolved.ok) expect(productOf(resolved)).toBe(product);
    }
  });
});
