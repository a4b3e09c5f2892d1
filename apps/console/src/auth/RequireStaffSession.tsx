import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionEndReason } from '../api/staff-token';
import { useStaffToken } from './use-staff-token';

/**
 * Renders its children only with a staff token; otherwise goes to sign-in. A session that expired
 * (or a bookmarked page) comes back to the same page after signing in; a sign-out starts afresh.
 */
export function RequireStaffSession({ children }: { children: ReactNode }) {
  const token = useStaffToken();
  const location = useLocation();
  if (token) return children;
  const returnTo = sessionEndReason() === 'signed-out' ? undefined : location.pathname;
  return <Navigate to="/sign-in" replace state={returnTo ? { returnTo } : null} />;
}
