import type { PriceSource } from '@nivesh/market';
import type { AppDeps } from '../../application/context.js';

/**
 * Whether a price of this source is shown. An install that runs without the simulator
 * (NIVESH_FEED=none) shows only real prices, so simulated quotes and candles left from an earlier
 * simulated start read as absent (docs/adr/0023-nse-instrument-master-and-price-provenance.md).
 */
export function isShown(deps: Pick<AppDeps, 'config'>, source: PriceSource | null | undefined): boolean {
  return deps.config.feed !== 'none' || (source !== 'simulated' && source != null);
}
