/**
 * The console's areas, in menu order. An area that is not built yet says which issue brings it
 * instead of showing anything made up.
 */
export interface ConsoleArea {
  path: string;
  label: string;
  /** For areas still to come: what they will hold. */
  comesLater?: string;
}

export const CONSOLE_AREAS: readonly ConsoleArea[] = [
  { path: '/', label: 'Dashboard' },
  { path: '/users', label: 'Users' },
  { path: '/reviews', label: 'Reviews' },
  { path: '/approvals', label: 'Approvals' },
  { path: '/bank', label: 'Bank statements' },
  { path: '/market', label: 'Market' },
  { path: '/block', label: 'Block trades' },
  { path: '/ipo', label: 'New shares' },
  { path: '/calendar', label: 'Calendar' },
  { path: '/parameters', label: 'Parameters' },
  { path: '/charges', label: 'Charges' },
  { path: '/lending', label: 'Lending' },
  { path: '/follow', label: 'Copy trading' },
  { path: '/content', label: 'Content' },
  { path: '/ledger', label: 'Ledger' },
  { path: '/contract-notes', label: 'Contract notes' },
  { path: '/audit', label: 'Audit' },
];

/** The area a location belongs to: `/users/42` is in Users. */
export function areaOf(pathname: string): ConsoleArea | undefined {
  const firstSegment = `/${pathname.split('/')[1] ?? ''}`;
  return CONSOLE_AREAS.find((area) => area.path === firstSegment);
}
