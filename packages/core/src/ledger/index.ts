export * from './account-purpose.js';
export * from './entry.js';
