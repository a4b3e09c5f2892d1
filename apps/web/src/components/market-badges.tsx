import { SimulatedMarketBadge } from './simulated-market-badge';
import { StreamStatusBadge } from './stream-status';

/** The strip every market screen shows: "Simulated market" while quotes are simulated, and live/stale. */
export function MarketBadges({ simulated }: { simulated: boolean }) {
  return (
    <div className="market-badges">
      {simulated ? <SimulatedMarketBadge /> : null}
      <StreamStatusBadge />
    </div>
  );
}
