import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../api/hooks';

/** A reward of the staff table; `amount` is rupees as a decimal string. */
export interface CheckinReward {
  id: string;
  requiredCount: number;
  amount: string;
  claimed: boolean;
  claimable: boolean;
}

export interface CheckinStatus {
  /** The IST date (YYYY-MM-DD) the server counts as today. */
  today: string;
  checkedInToday: boolean;
  count: number;
  streak: number;
  /** IST dates (YYYY-MM-DD) checked in during today's IST month. */
  monthDays: string[];
  rewards: CheckinReward[];
}

export function useCheckinStatus() {
  return useApiQuery<CheckinStatus>('checkin/status');
}

function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['api', 'checkin/status'] });
    // A claimed reward is credited to cash: the balances on the account centre change.
    void queryClient.invalidateQueries({ queryKey: ['api', 'user/getUserinfo'] });
  };
}

/** Checks in for today; refusals (ALREADY_CHECKED_IN) are shown by the screen, not toasted. */
export function useCheckIn(onDone: () => void) {
  const refresh = useRefreshAfterWrite();
  return useApiMutation<{ day: string; count: number; streak: number }>('checkin/checkIn', {
    silent: true,
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}

/** Claims a reward; CHECKIN_COUNT_INSUFFICIENT and REPEATED_OPERATION are shown by the screen. */
export function useClaimReward(onDone: (amount: string) => void) {
  const refresh = useRefreshAfterWrite();
  return useApiMutation<{ amount: string }, { rewardId: string }>('checkin/claim', {
    silent: true,
    onSuccess: (data) => {
      refresh();
      onDone(data.amount);
    },
  });
}
