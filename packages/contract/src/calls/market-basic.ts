import { Type } from 'typebox';
import { defineCall, Obj } from '../schema.js';

/** `common/config`: name/value pairs the app reads at start (kefu, logo, title, ...). */
export const config = defineCall({
  path: 'common/config',
  summary: 'Public configuration as a list of {name, value} (one of the four documented calls).',
  body: Obj({ type: Type.Optional(Type.String({ maxLength: 16 })) }),
  data: Type.Array(Obj({ name: Type.String(), value: Type.String() })),
  auth: false,
  mutates: false,
});

export const IndexQuote = Obj({
  name: Type.String(),
  symbol: Type.String(),
  exchange: Type.String(),
  price: Type.String(),
  gain: Type.Number({ description: '(close − prev_close) ÷ prev_close × 100, 2 decimals' }),
  gainValue: Type.String(),
  close: Type.String(),
  prev_close: Type.String(),
  details: Obj({ ko_name: Type.String() }),
  code: Type.String(),
  simulated: Type.Boolean(),
  time: Type.Number(),
});

export const zhishu = defineCall({
  path: 'parameter/zhishu',
  summary: 'The three indices (NIFTY 50, SENSEX, NIFTY BANK) (one of the four documented calls).',
  body: Obj({ type: Type.Optional(Type.String({ maxLength: 16 })) }),
  data: Type.Array(IndexQuote),
  auth: false,
  mutates: false,
});

export const kline = defineCall({
  path: 'trade/kline',
  summary: 'The last 100 closes of a symbol as {time, close} (one of the four documented calls).',
  body: Obj({
    symbol: Type.String({ minLength: 1, maxLength: 32 }),
    type: Type.Optional(Type.String({ maxLength: 16 })),
    exchange: Type.Optional(Type.String({ maxLength: 16 })),
    kline_type: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 8 })])),
  }),
  data: Type.Array(Obj({ time: Type.Number(), close: Type.Number() })),
  auth: false,
  mutates: false,
});

export const marketBasicCalls = [config, zhishu, kline];
