import { useNavigate } from 'react-router';
import { FundsScreen } from './funds-ui';
import { WalletForm } from './wallet-form';

/** /information/usdtAddress */
export default function UsdtAddressScreen() {
  const navigate = useNavigate();
  return (
    <FundsScreen>
      <WalletForm onAdded={() => navigate('/information/bankList', { replace: true })} />
    </FundsScreen>
  );
}
