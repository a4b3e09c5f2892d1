export * from './contract-note.js';
export * from './holdings.js';
