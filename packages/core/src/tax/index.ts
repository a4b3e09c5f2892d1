export * from './financial-year.js';
export * from './tax-pnl.js';
