import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addIstDays, istInstantMs, parseClockMinutes } from './ist-time.js';
import { createNseCalendar, NSE_2026_HOLIDAYS, NSE_2026_SPECIAL_SESSIONS } from './nse-2026.js';
import {
  isBlockWindow,
  isOpen,
  isPreOpenOrderEntry,
  lastCloseAtOrBefore,
  nextOpen,
  sessionAt,
} from './sessions.js';
import {
  createTradingCalendar,
  isTradingDay,
  isWorkingDay,
  nextTradingDay,
  previousTradingDay,
  sessionHoursProblem,
} from './trading-calendar.js';

const calendar = createNseCalendar();

/** The instant of an IST wall-clock time written `HH:MM` or `HH:MM:SS`. */
function istAt(date: string, clock: string): number {
  const seconds = clock.length > 5 ? Number(clock.slice(6)) : 0;
  return istInstantMs(date, parseClockMinutes(clock.slice(0, 5))) + seconds * 1_000;
}

describe('NSE holidays of 2026', () => {
  it('lists sixteen weekday holidays, including the Maharashtra election day added in January', () => {
    expect(NSE_2026_HOLIDAYS).toHaveLength(16);
    expect(NSE_2026_HOLIDAYS.map((holiday) => holiday.date)).toContain('2026-01-15');
  });

  it('the market is closed all day on Republic Day', () => {
    expect(isTradingDay(calendar, '2026-01-26')).toBe(false);
    expect(isOpen(calendar, 'nse', istAt('2026-01-26', '10:00'))).toBe(false);
    expect(sessionAt(calendar, 'nse', istAt('2026-01-26', '09:05')).phase).toBe('closed');
  });

  it('the market is closed on Holi', () => {
    expect(isTradingDay(calendar, '2026-03-03')).toBe(false);
    expect(isOpen(calendar, 'nse', istAt('2026-03-03', '11:30'))).toBe(false);
  });

  it('the market is closed on the Maharashtra municipal election day', () => {
    expect(isOpen(calendar, 'nse', istAt('2026-01-15', '12:00'))).toBe(false);
  });

  it('the market is closed on an ordinary Saturday and Sunday', () => {
    expect(isOpen(calendar, 'nse', istAt('2026-01-10', '10:00'))).toBe(false);
    expect(isOpen(calendar, 'nse', istAt('2026-01-11', '10:00'))).toBe(false);
  });
});

describe('a normal trading day', () => {
  const monday = '2026-01-05';

  it('opens at 09:15 IST, not a millisecond earlier', () => {
    expect(isOpen(calendar, 'nse', istAt(monday, '09:14:59'))).toBe(false);
    expect(isOpen(calendar, 'nse', istAt(monday, '09:15') - 1)).toBe(false);
    expect(isOpen(calendar, 'nse', istAt(monday, '09:15'))).toBe(true);
  });

  it('closes at 15:30 IST', () => {
    expect(isOpen(calendar, 'nse', istAt(monday, '15:30') - 1)).toBe(true);
    expect(isOpen(calendar, 'nse', istAt(monday, '15:30'))).toBe(false);
  });

  it('takes pre-open orders from 09:00 to 09:08, then matches them until 09:15', () => {
    expect(sessionAt(calendar, 'nse', istAt(monday, '08:59:59')).phase).toBe('closed');
    expect(sessionAt(calendar, 'nse', istAt(monday, '09:00')).phase).toBe('pre_open');
    expect(isPreOpenOrderEntry(calendar, istAt(monday, '09:07:59'))).toBe(true);
    expect(isPreOpenOrderEntry(calendar, istAt(monday, '09:08'))).toBe(false);
    expect(sessionAt(calendar, 'nse', istAt(monday, '09:10')).phase).toBe('pre_open');
    expect(isOpen(calendar, 'nse', istAt(monday, '09:10'))).toBe(false);
  });

  it('runs the closing session from 15:40 to 16:00 after a ten-minute pause', () => {
    expect(sessionAt(calendar, 'nse', istAt(monday, '15:35')).phase).toBe('closed');
    expect(sessionAt(calendar, 'nse', istAt(monday, '15:40')).phase).toBe('closing');
    expect(sessionAt(calendar, 'nse', istAt(monday, '15:59:59')).phase).toBe('closing');
    expect(sessionAt(calendar, 'nse', istAt(monday, '16:00')).phase).toBe('closed');
  });

  it('reports the day’s session while open and the next one once it has closed', () => {
    expect(sessionAt(calendar, 'nse', istAt(monday, '11:00'))).toEqual({
      phase: 'open',
      opensAtMs: istAt(monday, '09:15'),
      closesAtMs: istAt(monday, '15:30'),
    });
    expect(sessionAt(calendar, 'nse', istAt(monday, '07:00'))).toEqual({
      phase: 'closed',
      opensAtMs: istAt(monday, '09:15'),
      closesAtMs: istAt(monday, '15:30'),
    });
    expect(sessionAt(calendar, 'nse', istAt(monday, '15:45')).opensAtMs).toBe(istAt(monday, '09:15'));
    expect(sessionAt(calendar, 'nse', istAt(monday, '17:00'))).toEqual({
      phase: 'closed',
      opensAtMs: istAt('2026-01-06', '09:15'),
      closesAtMs: istAt('2026-01-06', '15:30'),
    });
  });
});

describe('special sessions', () => {
  it('the Budget Sunday trades a full normal session', () => {
    expect(isTradingDay(calendar, '2026-02-01')).toBe(true);
    expect(sessionAt(calendar, 'nse', istAt('2026-02-01', '09:05')).phase).toBe('pre_open');
    expect(isOpen(calendar, 'nse', istAt('2026-02-01', '09:15'))).toBe(true);
    expect(isOpen(calendar, 'nse', istAt('2026-02-01', '15:29'))).toBe(true);
    expect(isOpen(calendar, 'nse', istAt('2026-02-01', '15:30'))).toBe(false);
    expect(isBlockWindow(calendar, istAt('2026-02-01', '08:50'))).toBe(true);
  });

  it('Muhurat trading on Diwali Sunday is one hour, assumed 18:00 to 19:00 IST', () => {
    const diwali = '2026-11-08';
    expect(NSE_2026_SPECIAL_SESSIONS.find((session) => session.date === diwali)).toMatchObject({
      opensAt: '18:00',
      closesAt: '19:00',
    });
    expect(isOpen(calendar, 'nse', istAt(diwali, '10:00'))).toBe(false);
    expect(sessionAt(calendar, 'nse', istAt(diwali, '17:50')).phase).toBe('pre_open');
    expect(isOpen(calendar, 'nse', istAt(diwali, '17:59:59'))).toBe(false);
    expect(isOpen(calendar, 'nse', istAt(diwali, '18:00'))).toBe(true);
    expect(isOpen(calendar, 'nse', istAt(diwali, '18:59:59'))).toBe(true);
    expect(isOpen(calendar, 'nse', istAt(diwali, '19:00'))).toBe(false);
    expect(nextOpen(calendar, 'nse', istAt(diwali, '10:00'))).toBe(istAt(diwali, '18:00'));
  });

  it('Muhurat day has no block window in our data', () => {
    expect(isBlockWindow(calendar, istAt('2026-11-08', '08:50'))).toBe(false);
    expect(isBlockWindow(calendar, istAt('2026-11-08', '14:10'))).toBe(false);
  });

  it('a staff row corrects the Muhurat timing once the circular is out', () => {
    const corrected = createNseCalendar({
      specialSessions: [
        { date: '2026-11-08', opensAt: '18:15', closesAt: '19:15', description: 'Muhurat trading' },
      ],
    });
    expect(isOpen(corrected, 'nse', istAt('2026-11-08', '18:10'))).toBe(false);
    expect(isOpen(corrected, 'nse', istAt('2026-11-08', '19:10'))).toBe(true);
  });
});

describe('the next open', () => {
  it('from a Saturday is Monday at 09:15 IST', () => {
    expect(nextOpen(calendar, 'nse', istAt('2026-01-10', '12:00'))).toBe(istAt('2026-01-12', '09:15'));
  });

  it('from a Friday evening is Monday at 09:15 IST', () => {
    expect(nextOpen(calendar, 'nse', istAt('2026-01-09', '15:30'))).toBe(istAt('2026-01-12', '09:15'));
  });

  it('is Tuesday when the Monday is a holiday (Republic Day)', () => {
    expect(nextOpen(calendar, 'nse', istAt('2026-01-24', '12:00'))).toBe(istAt('2026-01-27', '09:15'));
  });

  it('from the Saturday before the Budget is that Sunday at 09:15 IST', () => {
    expect(nextOpen(calendar, 'nse', istAt('2026-01-31', '12:00'))).toBe(istAt('2026-02-01', '09:15'));
  });

  it('after Muhurat trading skips Diwali-Balipratipada', () => {
    expect(nextOpen(calendar, 'nse', istAt('2026-11-08', '19:00'))).toBe(istAt('2026-11-09', '09:15'));
    expect(nextOpen(calendar, 'nse', istAt('2026-11-09', '16:00'))).toBe(istAt('2026-11-11', '09:15'));
  });

  it('is now while the market is open', () => {
    const atMs = istAt('2026-01-05', '10:30');
    expect(nextOpen(calendar, 'nse', atMs)).toBe(atMs);
  });

  it('holds for any instant of 2026: never earlier, always open, and closed just before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: istAt('2026-01-01', '00:00'), max: istAt('2026-12-31', '23:59') }),
        (atMs) => {
          const openMs = nextOpen(calendar, 'nse', atMs);
          expect(openMs).toBeGreaterThanOrEqual(atMs);
          expect(isOpen(calendar, 'nse', openMs)).toBe(true);
          if (openMs > atMs) expect(isOpen(calendar, 'nse', openMs - 1)).toBe(false);
          if (isOpen(calendar, 'nse', atMs)) expect(openMs).toBe(atMs);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('agrees with the session for any instant of 2026', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: istAt('2026-01-01', '00:00'), max: istAt('2026-12-31', '23:59') }),
        (atMs) => {
          const session = sessionAt(calendar, 'nse', atMs);
          expect(session.closesAtMs).toBeGreaterThan(session.opensAtMs);
          if (session.phase === 'closed' || session.phase === 'pre_open') {
            expect(session.opensAtMs).toBe(nextOpen(calendar, 'nse', atMs));
          } else {
            expect(session.opensAtMs).toBeLessThanOrEqual(atMs);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe('crypto and FX markets', () => {
  it('are always open, even on Republic Day at 03:00 IST', () => {
    const atMs = istAt('2026-01-26', '03:00');
    expect(isOpen(calendar, 'always', atMs)).toBe(true);
    expect(nextOpen(calendar, 'always', atMs)).toBe(atMs);
    expect(sessionAt(calendar, 'always', atMs)).toEqual({
      phase: 'open',
      opensAtMs: istAt('2026-01-26', '00:00'),
      closesAtMs: istAt('2026-01-27', '00:00'),
    });
  });
});

describe('block deal windows', () => {
  const friday = '2026-01-23';

  it('are open 08:45 to 09:00 and 14:05 to 14:20 IST on a trading day', () => {
    expect(isBlockWindow(calendar, istAt(friday, '08:45') - 1)).toBe(false);
    expect(isBlockWindow(calendar, istAt(friday, '08:45'))).toBe(true);
    expect(isBlockWindow(calendar, istAt(friday, '09:00'))).toBe(false);
    expect(isBlockWindow(calendar, istAt(friday, '14:05'))).toBe(true);
    expect(isBlockWindow(calendar, istAt(friday, '14:19:59'))).toBe(true);
    expect(isBlockWindow(calendar, istAt(friday, '14:20'))).toBe(false);
    expect(isBlockWindow(calendar, istAt(friday, '11:00'))).toBe(false);
  });

  it('are shut on a holiday', () => {
    expect(isBlockWindow(calendar, istAt('2026-03-03', '08:50'))).toBe(false);
  });

  it('follow the windows staff configure', () => {
    const windows = [{ opensAt: '12:00', closesAt: '12:30' }];
    expect(isBlockWindow(calendar, istAt(friday, '12:10'), windows)).toBe(true);
    expect(isBlockWindow(calendar, istAt(friday, '08:50'), windows)).toBe(false);
  });
});

describe('trading and working days', () => {
  it('the previous trading day before the Tuesday after Republic Day is the Friday', () => {
    expect(previousTradingDay(calendar, '2026-01-27')).toBe('2026-01-23');
  });

  it('the Budget Sunday counts as the previous trading day of the Monday after it', () => {
    expect(previousTradingDay(calendar, '2026-02-02')).toBe('2026-02-01');
    expect(nextTradingDay(calendar, '2026-01-30')).toBe('2026-02-01');
  });

  it('withdrawals are paid on weekdays that are not holidays, not on the Budget Sunday', () => {
    expect(isWorkingDay(calendar, '2026-01-05')).toBe(true);
    expect(isWorkingDay(calendar, '2026-01-10')).toBe(false);
    expect(isWorkingDay(calendar, '2026-03-03')).toBe(false);
    expect(isWorkingDay(calendar, '2026-02-01')).toBe(false);
  });

  it('every day of 2026 is a trading day exactly when it is a working day, except the two Sundays', () => {
    let date = '2026-01-01';
    const differences: string[] = [];
    while (date <= '2026-12-31') {
      if (isTradingDay(calendar, date) !== isWorkingDay(calendar, date)) differences.push(date);
      date = addIstDays(date, 1);
    }
    expect(differences).toEqual(['2026-02-01', '2026-11-08']);
  });

  it('2026 has 247 trading days: 261 weekdays, less 16 holidays, plus 2 Sunday sessions', () => {
    let date = '2026-01-01';
    let tradingDays = 0;
    while (date <= '2026-12-31') {
      if (isTradingDay(calendar, date)) tradingDays += 1;
      date = addIstDays(date, 1);
    }
    expect(tradingDays).toBe(261 - 16 + 2);
  });
});

describe('next year’s calendar from staff rows', () => {
  it('a holiday staff add for 2027 closes the market that day', () => {
    const withNextYear = createNseCalendar({
      holidays: [{ date: '2027-01-26', description: 'Republic Day' }],
    });
    expect(isTradingDay(withNextYear, '2027-01-26')).toBe(false);
    expect(isTradingDay(calendar, '2027-01-26')).toBe(true);
  });

  it('refuses a special session that closes before it opens', () => {
    expect(() =>
      createTradingCalendar({
        holidays: [],
        specialSessions: [
          { date: '2027-11-07', opensAt: '19:00', closesAt: '18:00', description: 'Muhurat' },
        ],
      }),
    ).toThrow(/open before it closes/);
  });

  it('refuses a malformed holiday date', () => {
    expect(() =>
      createTradingCalendar({ holidays: [{ date: '2027-02-30', description: 'typo' }], specialSessions: [] }),
    ).toThrow(/YYYY-MM-DD/);
  });

  it('a pre-open that would start before midnight is refused', () => {
    expect(() =>
      createTradingCalendar({
        holidays: [],
        specialSessions: [{ date: '2027-01-03', opensAt: '00:05', closesAt: '01:00', description: 'odd' }],
      }),
    ).toThrow(/same IST day/);
  });

  it('says why staff hours cannot make a session, before anything is stored', () => {
    expect(sessionHoursProblem({ opensAt: '18:00', closesAt: '19:00' })).toBeUndefined();
    expect(sessionHoursProblem({ opensAt: '18:0', closesAt: '19:00' })).toBe('format');
    expect(sessionHoursProblem({ opensAt: '19:00', closesAt: '18:00' })).toBe('order');
    expect(sessionHoursProblem({ opensAt: '00:05', closesAt: '01:00' })).toBe('day');
    expect(sessionHoursProblem({ opensAt: '22:00', closesAt: '23:45' })).toBe('day');
  });
});

describe('lastCloseAtOrBefore', () => {
  it('is the previous session’s close during a session and today’s once it has closed', () => {
    const calendar = createNseCalendar();
    expect(lastCloseAtOrBefore(calendar, Date.UTC(2026, 10, 23, 4, 30))).toBe(Date.UTC(2026, 10, 20, 10, 0));
    expect(lastCloseAtOrBefore(calendar, Date.UTC(2026, 10, 23, 10, 0))).toBe(Date.UTC(2026, 10, 23, 10, 0));
  });
});
