export type * from './market-feed.js';
export type * from './tick.js';
