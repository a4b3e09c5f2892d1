export * from './bank-statement/index.js';
export * from './bhavcopy/index.js';
export * from './candles/index.js';
export * from './feed/index.js';
export * from './instruments/index.js';
export * from './simulator/index.js';
