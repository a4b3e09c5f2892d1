export * from './follow-investment.js';
export * from './follow-profit.js';
export * from './mirror-quantity.js';
