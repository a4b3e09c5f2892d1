import { useQuery } from '@tanstack/react-query';
import { fetchStaffMe } from '../api/console-calls';

export const STAFF_ME_QUERY_KEY = ['staff', 'me'] as const;

/** The signed-in staff member: name and roles. */
export function useStaffMe() {
  return useQuery({
    queryKey: STAFF_ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchStaffMe({ signal }),
    staleTime: 5 * 60_000,
  });
}
