export * from './holiday-list-csv.js';
export * from './ist-time.js';
export * from './nse-2026.js';
export * from './sessions.js';
export * from './trading-calendar.js';
