import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { QueryState } from '../../components/query-state';
import { useWalletList } from './api';
import { WalletForm } from './wallet-form';
import './funds.css';

/** /information/usdtAddress: the wallet form, only while crypto is switched on (else why not). */
export default function UsdtAddressScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallets = useWalletList();
  return (
    <FundsScreen>
      <QueryState query={wallets}>
        {(data) =>
          data.cryptoEnabled ? (
            <WalletForm onAdded={() => navigate('/information/bankList', { replace: true })} />
          ) : (
            <EmptyState
              message={t('funds.wallet.cryptoOff')}
              actionLink={{ to: '/information/bankList', label: t('funds.destinations.banks') }}
            />
          )
        }
      </QueryState>
    </FundsScreen>
  );
}
