export * from './ipo-draw.js';
export * from './ipo-rules.js';
export * from './sha256.js';
