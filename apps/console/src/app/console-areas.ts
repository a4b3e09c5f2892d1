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
  {
    path: '/reviews',
    label: 'Reviews',
    comesLater:
      'The review queues for KYC, deposits, withdrawals (with a second approver) and day trading, with their evidence.',
  },
  {
    path: '/market',
    label: 'Market',
    comesLater: 'Instruments (tradable, leverages, band, tick, segment), corporate actions and feed control.',
  },
  {
    path: '/parameters',
    label: 'Parameters',
    comesLater:
      'Trading and funding parameters with validation and history, site configuration, and news and notices.',
  },
  { path: '/ledger', label: 'Ledger' },
  {
    path: '/audit',
    label: 'Audit',
    comesLater: 'The audit log, filtered by actor, action, target and time.',
  },
];

/** The area a location belongs to: `/users/42` is in Users. */
export function areaOf(pathname: string): ConsoleArea | undefined {
  const firstSegment = `/${pathname.split('/')[1] ?? ''}`;
  return CONSOLE_AREAS.find((area) => area.path === firstSegment);
}
