export * from './instruments/index.js';
