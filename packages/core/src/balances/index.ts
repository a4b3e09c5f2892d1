export * from './account-view.js';
