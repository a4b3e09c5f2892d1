export * from './adjust-candles.js';
export * from './candle.js';
export * from './candle-aggregator.js';
export * from './candle-buckets.js';
export { addDaysIst, isIsoDate, istDateOf, istMidnightMs, istMinuteOfDay, istTimeMs } from './ist-time.js';
export * from './roll-up.js';
export * from './time-share.js';
