export * from './block-trade.js';
