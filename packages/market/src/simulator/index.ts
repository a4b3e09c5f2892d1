export * from './backfill.js';
export * from './market-model.js';
export * from './market-simulator.js';
export * from './random.js';
export * from './simulated-feed.js';
