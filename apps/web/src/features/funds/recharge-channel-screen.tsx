import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { CopyRow, InfoRow } from '../../components/info-row';
import { QueryState } from '../../components/query-state';
import { formatMoney } from '../../lib/money';
import { type DepositChannel, useBankList, useDepositChannels, useWalletList } from './api';
import { DepositForm } from './deposit-form';
import { PendingDepositCard, usePendingDeposit, windowText } from './pending-deposit';
import './funds.css';

function PayeeDetails({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const { details } = channel;
  const rows: [string, string | undefined][] =
    channel.kind === 'bank'
      ? [
          [t('funds.payee.accountName'), details.accountName],
          [t('funds.payee.accountNumber'), details.accountNumber],
          [t('funds.payee.ifsc'), details.ifsc],
          [t('funds.payee.bankName'), details.bankName],
        ]
      : channel.kind === 'upi'
        ? [
            [t('funds.payee.vpa'), details.vpa],
            [t('funds.payee.payeeName'), details.payeeName],
          ]
        : [
            [t('funds.wallet.network'), details.network],
            [t('funds.wallet.address'), details.address],
          ];
  return (
    <section className="card funds-card" aria-labelledby="payee-title">
      <h2 id="payee-title" className="funds-card__title">
        {t('funds.payee.title')}
      </h2>
      {channel.qrCode ? (
        <figure className="qr-code">
          <img
            src={channel.qrCode}
            width={256}
            height={256}
            alt={t('funds.payee.qrAlt', { name: channel.name })}
          />
          <figcaption className="funds-muted">{t(`funds.payee.qrHint.${channel.kind}`)}</figcaption>
        </figure>
      ) : null}
      <dl className="info-list">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <CopyRow key={label} label={label} value={value} />
          ))}
        <InfoRow
          label={t('funds.recharge.limitsLabel')}
          value={`${channel.currency} ${formatMoney(channel.min)} – ${formatMoney(channel.max)}`}
        />
        <InfoRow
          label={t('funds.recharge.windowLabel')}
          value={windowText(channel.windowFrom, channel.windowTo)}
        />
      </dl>
    </section>
  );
}

/** /information/rechargeChannel?id=…: pay the channel, then report the payment with its receipt. */
export default function RechargeChannelScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const channels = useDepositChannels();
  const pending = usePendingDeposit();
  const banks = useBankList();
  const wallets = useWalletList();
  return (
    <FundsScreen>
      <QueryState query={channels}>
        {() => {
          const channel = channels.data?.items.find((item) => item.id === params.get('id'));
          if (!channel) {
            return (
              <EmptyState
                message={t('funds.recharge.channelGone')}
                actionLink={{ to: '/information/recharge', label: t('funds.recharge.chooseChannel') }}
              />
            );
          }
          const sources = (channel.kind === 'usdt' ? wallets.data?.items : banks.data?.items) ?? [];
          return (
            <>
              <PayeeDetails channel={channel} />
              {pending.data ? (
                <PendingDepositCard deposit={pending.data} />
              ) : sources.length === 0 && !banks.isPending ? (
                <EmptyState
                  message={t('funds.recharge.needSource')}
                  action={
                    <Link
                      to={channel.kind === 'usdt' ? '/information/usdtAddress' : '/information/addBankCard'}
                      className="button button--primary"
                    >
                      {channel.kind === 'usdt'
                        ? t('funds.destinations.addWallet')
                        : t('funds.destinations.addBank')}
                    </Link>
                  }
                />
              ) : (
                <DepositForm
                  key={channel.id}
                  channel={channel}
                  sources={sources}
                  onSubmitted={() => navigate('/information/recharge', { replace: true })}
                />
              )}
            </>
          );
        }}
      </QueryState>
    </FundsScreen>
  );
}
