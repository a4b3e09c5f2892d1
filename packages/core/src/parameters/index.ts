export * from './registry.js';
export * from './validate.js';
