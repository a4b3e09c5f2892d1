import type { RouteObject } from 'react-router';
import { ApprovalsPage } from '../approvals/ApprovalsPage';
import { AuditPage } from '../audit/AuditPage';
import { RequireStaffSession } from '../auth/RequireStaffSession';
import { SignInPage } from '../auth/SignInPage';
import { BankPage } from '../bank/BankPage';
import { BlockTradesPage } from '../block/BlockTradesPage';
import { CalendarPage } from '../calendar/CalendarPage';
import { ChargesPage } from '../charges/ChargesPage';
import { ContentPage } from '../content/ContentPage';
import { ContractNotesPage } from '../contract-notes/ContractNotesPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { FollowPage } from '../follow/FollowPage';
import { IpoPage } from '../ipo/IpoPage';
import { ComingAreaPage } from '../layout/ComingAreaPage';
import { ConsoleLayout } from '../layout/ConsoleLayout';
import { NotFoundPage } from '../layout/NotFoundPage';
import { LedgerPage } from '../ledger/LedgerPage';
import { LendingPoolPage } from '../lending/LendingPoolPage';
import { MarketPage } from '../market/MarketPage';
import { ParametersPage } from '../parameters/ParametersPage';
import { DailyReportsPage } from '../reports/DailyReportsPage';
import { ReviewsPage } from '../reviews/ReviewsPage';
import { StaffPage } from '../staff/StaffPage';
import { UserPage } from '../users/UserPage';
import { UsersPage } from '../users/UsersPage';
import { CONSOLE_AREAS } from './console-areas';

const comingAreaRoutes: RouteObject[] = CONSOLE_AREAS.filter((area) => area.comesLater).map((area) => ({
  path: area.path.slice(1),
  element: <ComingAreaPage area={area} />,
}));

/** The console's routes; they live in the URL hash because the server serves plain static files. */
export const consoleRoutes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  {
    path: '/',
    element: (
      <RequireStaffSession>
        <ConsoleLayout />
      </RequireStaffSession>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'users/:userId', element: <UserPage /> },
      { path: 'ledger', element: <LedgerPage /> },
      { path: 'market', element: <MarketPage /> },
      { path: 'block', element: <BlockTradesPage /> },
      { path: 'ipo', element: <IpoPage /> },
      { path: 'calendar', element: <CalendarPage /> },
      { path: 'reviews', element: <ReviewsPage /> },
      { path: 'approvals', element: <ApprovalsPage /> },
      { path: 'bank', element: <BankPage /> },
      { path: 'follow', element: <FollowPage /> },
      { path: 'content', element: <ContentPage /> },
      { path: 'parameters', element: <ParametersPage /> },
      { path: 'charges', element: <ChargesPage /> },
      { path: 'lending', element: <LendingPoolPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'contract-notes', element: <ContractNotesPage /> },
      { path: 'staff', element: <StaffPage /> },
      { path: 'reports', element: <DailyReportsPage /> },
      ...comingAreaRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
