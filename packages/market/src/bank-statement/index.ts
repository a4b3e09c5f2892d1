export * from './indian-amount.js';
export * from './parse-bank-statement.js';
export * from './statement-date.js';
