export * from './errors.js';
export * from './schema.js';
export * from './calls/user.js';
export * from './calls/market-basic.js';
export * from './operations.js';
export * from './calls/console.js';
