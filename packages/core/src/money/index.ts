export * from './currency.js';
export * from './format-paise.js';
export * from './parse-paise.js';
export * from './rounding.js';
