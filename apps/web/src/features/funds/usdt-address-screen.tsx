import { useNavigate } from 'react-router';
import { FundsScreen } from '../../components/funds-screen';
import { WalletForm } from './wallet-form';
import './funds.css';

/** /information/usdtAddress */
export default function UsdtAddressScreen() {
  const navigate = useNavigate();
  return (
    <FundsScreen>
      <WalletForm onAdded={() => navigate('/information/bankList', { replace: true })} />
    </FundsScreen>
  );
}
