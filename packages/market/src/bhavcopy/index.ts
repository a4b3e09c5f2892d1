export * from './bhavcopy-file-error.js';
export * from './parse-bhavcopy.js';
export * from './read-bhavcopy-file.js';
export { parseRupeesToPaise } from './rupees.js';
