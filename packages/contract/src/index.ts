export * from './calls/console.js';
export * from './calls/favorite.js';
export * from './calls/market-basic.js';
export * from './calls/statement.js';
export * from './calls/user.js';
export * from './errors.js';
export * from './operations.js';
export * from './schema.js';
