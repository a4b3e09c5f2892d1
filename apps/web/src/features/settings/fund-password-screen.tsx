import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyUser } from '../../api/client';
import { callKey } from '../../api/hooks';
import { useUserInfo } from '../../api/user-info';
import { BackHeader } from '../../components/back-header';
import { QueryState } from '../../components/query-state';
import { FundPasswordForm } from './fund-password-form';

export default function FundPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  return (
    <div className="screen">
      <BackHeader
        fallbackPath="/information/setting"
        title={user.data?.hasFundPassword ? t('password.changeFund') : t('password.setFund')}
      />
      <QueryState query={user} errorMessage={null}>
        {(info) => (
          <>
            <p className="screen__hint screen__hint--padded">{t('password.fundPurpose')}</p>
            <FundPasswordForm
              isChange={info.hasFundPassword}
              onSaved={() => {
                notifyUser(t('password.fundSaved'));
                void queryClient.invalidateQueries({ queryKey: callKey('user/getUserinfo') });
                navigate('/information/setting', { replace: true });
              }}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
