import {
  approvalList,
  bankStatementList,
  dailyReportList,
  depositQueue,
  kycQueue,
  listAudit,
  listChargeSchedules,
  listDayTradingApplications,
  loansList,
  type StaffRoleName,
  searchLedgerEntries,
  searchUsers,
  staffLendingPool,
  staffList,
  staffListBlockTrades,
  staffListCheckinRewards,
  staffListContractNotes,
  staffListFollowProducts,
  staffListIpo,
  staffListLendings,
  staffListNews,
  withdrawalQueue,
} from '@nivesh/contract';

/**
 * The console's areas, in menu order. An area that is not built yet says which issue brings it
 * instead of showing anything made up.
 */
export interface ConsoleArea {
  path: string;
  label: string;
  /** For areas still to come: what they will hold. */
  comesLater?: string;
  /**
   * The roles that open the area: those of the calls the page is built on (the server enforces
   * them). The menu shows the area only to them and the page is not opened for anyone else, so no
   * one is sent to a page whose calls would be refused (and audited as console.forbidden).
   * Without it, every staff member opens the area.
   */
  roles?: readonly StaffRoleName[];
}

/** Every role that any of the calls admits. */
const rolesOf = (...calls: { roles: readonly StaffRoleName[] }[]): readonly StaffRoleName[] => [
  ...new Set(calls.flatMap((call) => call.roles)),
];

export const CONSOLE_AREAS: readonly ConsoleArea[] = [
  { path: '/', label: 'Dashboard' },
  { path: '/users', label: 'Users', roles: rolesOf(searchUsers) },
  {
    path: '/reviews',
    label: 'Reviews',
    roles: rolesOf(kycQueue, depositQueue, withdrawalQueue, listDayTradingApplications, loansList),
  },
  { path: '/approvals', label: 'Approvals', roles: rolesOf(approvalList) },
  { path: '/bank', label: 'Bank statements', roles: rolesOf(bankStatementList) },
  { path: '/market', label: 'Market' },
  { path: '/block', label: 'Block trades', roles: rolesOf(staffListBlockTrades) },
  { path: '/ipo', label: 'New shares', roles: rolesOf(staffListIpo) },
  { path: '/calendar', label: 'Calendar' },
  { path: '/parameters', label: 'Parameters' },
  { path: '/charges', label: 'Charges', roles: rolesOf(listChargeSchedules) },
  { path: '/lending', label: 'Lending', roles: rolesOf(staffLendingPool, staffListLendings) },
  { path: '/follow', label: 'Copy trading', roles: rolesOf(staffListFollowProducts) },
  { path: '/content', label: 'Content', roles: rolesOf(staffListNews, staffListCheckinRewards) },
  { path: '/ledger', label: 'Ledger', roles: rolesOf(searchLedgerEntries) },
  { path: '/contract-notes', label: 'Contract notes', roles: rolesOf(staffListContractNotes) },
  { path: '/reports', label: 'Daily reports', roles: rolesOf(dailyReportList) },
  { path: '/audit', label: 'Audit', roles: rolesOf(listAudit) },
  { path: '/staff', label: 'Staff', roles: rolesOf(staffList) },
];

/** Whether a staff member with these roles opens the area (see ConsoleArea.roles). */
export function opensArea(area: ConsoleArea, roles: readonly string[]): boolean {
  return area.roles === undefined || roles.some((role) => (area.roles as readonly string[]).includes(role));
}

/** The area a location belongs to: `/users/42` is in Users. */
export function areaOf(pathname: string): ConsoleArea | undefined {
  const firstSegment = `/${pathname.split('/')[1] ?? ''}`;
  return CONSOLE_AREAS.find((area) => area.path === firstSegment);
}
