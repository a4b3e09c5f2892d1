import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyUser } from '../../api/client';
import { AccountGate } from '../../components/account-gate';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { rememberedBlockSymbol, useBlockDetail } from './api';
import { BlockOrderForm } from './block-order-form';
import { BlockWindowCard } from './block-window-card';
import '../../components/trade-screen.css';
import './block.css';
import { QueryFeedback } from '../../components/query-state';

/** /home/blockTrade2: the block order for the instrument chosen on the list or the detail. */
export default function BlockOrderScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = rememberedBlockSymbol();
  const detail = useBlockDetail(symbol);
  return (
    <div className="screen trade-screen">
      <BackHeader fallbackPath="/home/blockTrade1" />
      <div className="trade-screen__body">
        {symbol ? null : <EmptyState message={t('block.detail.noSymbol')} />}
        <QueryFeedback query={detail} isWaiting={detail.isLoading} />
        {detail.data ? (
          <>
            <BlockWindowCard window={detail.data.window} rules={detail.data.rules} />
            <section className="card trade-card">
              <AccountGate needs={['kyc']}>
                <BlockOrderForm
                  detail={detail.data}
                  onPlaced={() => {
                    notifyUser(t('block.order.placed'));
                    navigate('/home/blockTrade3', { replace: true });
                  }}
                />
              </AccountGate>
            </section>
          </>
        ) : null}
      </div>
    </div>
  );
}
