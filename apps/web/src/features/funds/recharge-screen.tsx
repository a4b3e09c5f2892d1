import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { ChevronRightIcon } from '../../components/icons';
import { QueryState } from '../../components/query-state';
import { formatMoney } from '../../lib/money';
import { type AuthInfo, type DepositChannel, useAuthInfo, useDepositChannels } from './api';
import { KycRequired } from './kyc-required';
import { PendingDepositCard, usePendingDeposit, windowText } from './pending-deposit';
import './funds.css';

function ChannelItem({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link
        to={`/information/rechargeChannel?id=${encodeURIComponent(channel.id)}`}
        className="card channel-item"
      >
        <span className="channel-item__main">
          <span className="channel-item__name">{channel.name}</span>
          <span className="channel-item__meta">
            {t(`funds.channelKind.${channel.kind}`)} ·{' '}
            {t('funds.recharge.limits', {
              min: formatMoney(channel.min),
              max: formatMoney(channel.max),
              currency: channel.currency,
            })}
          </span>
          <span className="channel-item__meta">
            {t('funds.recharge.window', { range: windowText(channel.windowFrom, channel.windowTo) })}
          </span>
        </span>
        <ChevronRightIcon size={20} />
      </Link>
    </li>
  );
}

/** /information/recharge: choose a deposit channel; a pending deposit is shown first. */
export default function RechargeScreen() {
  const { t } = useTranslation();
  const kyc = useAuthInfo();
  const channels = useDepositChannels();
  const pending = usePendingDeposit();
  return (
    <FundsScreen
      right={
        <Link to="/information/fundRequests?tab=recharge" className="link-button">
          {t('funds.records')}
        </Link>
      }
    >
      <QueryState query={kyc}>
        {() =>
          (kyc.data as AuthInfo).status !== 'verified' ? (
            <KycRequired />
          ) : (
            <>
              {pending.data ? <PendingDepositCard deposit={pending.data} /> : null}
              <h2 className="funds-section-title">{t('funds.recharge.chooseChannel')}</h2>
              <QueryState query={channels}>
                {() =>
                  channels.data?.items.length ? (
                    <ul className="channel-list">
                      {channels.data.items.map((channel) => (
                        <ChannelItem key={channel.id} channel={channel} />
                      ))}
                    </ul>
                  ) : (
                    <EmptyState message={t('funds.recharge.noChannels')} />
                  )
                }
              </QueryState>
            </>
          )
        }
      </QueryState>
    </FundsScreen>
  );
}
