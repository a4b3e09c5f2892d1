import { InstrumentDetail } from './stock-detail-screen';

/** /market/stockDetailzs: an index's level and chart (no depth: an index has no order book). */
export default function IndexDetailScreen() {
  return <InstrumentDetail kind="index" />;
}
