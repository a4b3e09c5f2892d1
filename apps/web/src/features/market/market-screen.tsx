import { BackHeader } from '../../components/back-header';
import { MarketListPanel } from './components/market-list-panel';

/** /market/index: the market tabs on a screen of their own. */
export default function MarketScreen() {
  return (
    <div className="screen">
      <BackHeader />
      <MarketListPanel />
    </div>
  );
}
