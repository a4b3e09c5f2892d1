import { useQueryClient } from '@tanstack/react-query';
import type { CallData } from '../../api/calls';
import { callKey, useApiMutation, useApiQuery } from '../../api/hooks';

/**
 * Today's check-in state: `today` is the IST date (YYYY-MM-DD) the server counts as today and
 * `monthDays` the IST dates checked in during today's IST month.
 */
export type CheckinStatus = CallData<'checkin/status'>;
/** A reward of the staff table; `amount` is rupees as a decimal string. */
export type CheckinReward = CheckinStatus['rewards'][number];

export function useCheckinStatus() {
  return useApiQuery('checkin/status', {});
}

function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: callKey('checkin/status') });
    // A claimed reward is credited to cash: the balances on the account centre change.
    void queryClient.invalidateQueries({ queryKey: callKey('user/getUserinfo') });
  };
}

/** Checks in for today; refusals (ALREADY_CHECKED_IN) are shown by the screen, not toasted. */
export function useCheckIn(onDone: () => void) {
  const refresh = useRefreshAfterWrite();
  return useApiMutation('checkin/checkIn', {
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
  return useApiMutation('checkin/claim', {
    silent: true,
    onSuccess: (data) => {
      refresh();
      onDone(data.amount);
    },
  });
}
