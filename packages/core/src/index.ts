export * from './invariant.js';
