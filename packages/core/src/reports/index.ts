export * from './daily-report-period.js';
