export * from './balances/index.js';
export * from './calendar/index.js';
export * from './invariant.js';
export * from './ledger/index.js';
export * from './money/index.js';
export * from './parameters/index.js';
export * from './trading/index.js';
