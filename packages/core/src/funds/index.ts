export * from './bank-account.js';
export * from './daily-window.js';
export * from './exchange.js';
export * from './identity.js';
export * from './payer-reference.js';
export * from './verhoeff.js';
export * from './wallet-address.js';
export * from './withdrawal-fee.js';
