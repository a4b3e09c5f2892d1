export * from './alert-conditions.js';
