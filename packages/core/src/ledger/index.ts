export * from './account-purpose.js';
export * from './entry.js';
export * from './paper-book.js';
