import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { usePositionDetail } from './api';
import { PositionDetail } from './position-detail';
import { notifyTradeOnce } from './trade-notice';
import { useTradeStream } from './use-trade-stream';
import '../../components/trade-screen.css';
import { QueryFeedback } from '../../components/query-state';

/** /trade/positionDetail?id=N: one order or position, live while holding. */
export default function PositionDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const detail = usePositionDetail(id);
  const position = detail.data;
  const { prices } = useTradeStream(position?.status === 'holding' ? [position.symbol] : []);

  return (
    <div className="screen trade-screen">
      <BackHeader fallbackPath="/trade/index" />
      <div className="trade-screen__body">
        {!/^\d{1,19}$/.test(id) ? <EmptyState /> : null}
        <QueryFeedback query={detail} isWaiting={detail.isPending && /^\d{1,19}$/.test(id)} />
        {position ? (
          <PositionDetail
            position={position}
            livePrice={position.status === 'holding' ? prices[position.symbol]?.price : undefined}
            onChanged={(next) => {
              // A partial sell answers the part sold as a new closed position (ADR 0019): say how
              // many lots were sold and show them; back returns to the remainder, which keeps this id.
              const isPart = next.id !== position.id;
              notifyTradeOnce(
                next.id,
                next.status,
                isPart
                  ? t('trade.event.partSold', { symbol: next.symbol, quantity: next.quantity })
                  : t(next.status === 'closed' ? 'trade.event.closed' : 'trade.event.cancelled', {
                      symbol: next.symbol,
                    }),
              );
              if (isPart) navigate(`/trade/positionDetail?id=${next.id}`);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
