/**
 * One trade print of one instrument: the price everyone sees at that instant (design rule 1.2).
 * Fills record the tick they used (rule 1.5).
 */
export interface Tick {
  symbol: string;
  /** On the instrument's tick size, e.g. 245005n for ₹2,450.05. */
  pricePaise: bigint;
  /** Shares traded in this tick; 0 for an index level. */
  volume: number;
  /** Epoch milliseconds. */
  atMs: number;
  /** True when the simulator made the tick, so screens and fills can say so. */
  simulated: boolean;
}
