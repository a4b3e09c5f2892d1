import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../api/user-info';
import { EmptyState } from './empty-state';
import { QueryState } from './query-state';

/**
 * What a form needs of the account before it is worth filling in: verified KYC (the server's
 * REAL_NAME_REQUIRED) and a fund password (FUND_PASSWORD_NOT_SET).
 */
export type AccountRequirement = 'kyc' | 'fundPassword';

/** The screen that clears each requirement. */
const CLEARED_AT: Record<AccountRequirement, string> = {
  kyc: '/information/authInfo',
  fundPassword: '/information/fundPass',
};

/**
 * Shows the form only once the signed-in investor meets every requirement in `needs`; otherwise the
 * first one unmet, said before any field, with a link to the screen that clears it (DESIGN 1.3: a
 * refusal is for a stated reason, and the investor should meet it first, not after the confirm
 * sheet). The server still checks each one.
 */
export function AccountGate({
  needs,
  children,
}: {
  needs: readonly AccountRequirement[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <QueryState query={user}>
      {(info) => {
        const unmet = needs.find((need) =>
          need === 'kyc' ? info.realNameStatus !== 'verified' : !info.hasFundPassword,
        );
        if (unmet === undefined) return <>{children}</>;
        const message =
          unmet === 'fundPassword'
            ? t('gate.fundPassword')
            : info.realNameStatus === 'pending'
              ? t('gate.kycPending')
              : t('funds.kycRequired');
        const action = unmet === 'fundPassword' ? t('gate.setFundPassword') : t('funds.goToKyc');
        return <EmptyState message={message} actionLink={{ to: CLEARED_AT[unmet], label: action }} />;
      }}
    </QueryState>
  );
}
