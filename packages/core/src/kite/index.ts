export * from './instrument-token.js';
export * from './kite-time.js';
export * from './net-positions.js';
export * from './ticker-packets.js';
