import { useNavigate } from 'react-router';
import { FundsScreen } from '../../components/funds-screen';
import { QueryState } from '../../components/query-state';
import { useAuthInfo } from './api';
import { BankCardForm } from './bank-card-form';
import { KycRequired } from './kyc-required';
import './funds.css';

/** /information/addBankCard */
export default function AddBankCardScreen() {
  const navigate = useNavigate();
  const kyc = useAuthInfo();
  return (
    <FundsScreen>
      <QueryState query={kyc}>
        {(info) => {
          if (info.status !== 'verified') return <KycRequired />;
          return (
            <BankCardForm
              holderName={info.realName ?? ''}
              onAdded={() => navigate('/information/bankList', { replace: true })}
            />
          );
        }}
      </QueryState>
    </FundsScreen>
  );
}
