export * from './lock.js';
export * from './margin.js';
export * from './pnl.js';
export * from './price-rules.js';
export * from './quantity.js';
export * from './stop-out.js';
