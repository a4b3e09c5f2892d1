import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import CheckInScreen from './check-in-screen';
import { monthGrid } from './month-calendar';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => jsonResponse({ status: 1, msg: 'ok', data });
const refusal = (code: string, msg: string, params = {}) =>
  jsonResponse({ status: 0, code, msg, params, data: null });

function status(overrides: Record<string, unknown> = {}) {
  return {
    today: '2026-11-23',
    checkedInToday: false,
    count: 2,
    streak: 2,
    monthDays: ['2026-11-21', '2026-11-22'],
    rewards: [
      { id: '1', requiredCount: 1, amount: '10.00', claimed: true, claimable: false },
      { id: '2', requiredCount: 7, amount: '100.00', claimed: false, claimable: false },
    ],
    ...overrides,
  };
}

function stubServer(handlers: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = String(input).split('/api/vue/')[1] ?? '';
      calls.push(path);
      const handler = handlers[path];
      if (!handler) throw new Error(`unexpected call ${path}`);
      return handler();
    }),
  );
  return calls;
}

describe('the month calendar grid', () => {
  it('starts November 2026 on its Sunday in the seventh column and pads to whole weeks', () => {
    const cells = monthGrid('2026-11-23');
    expect(cells.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(cells.length % 7).toBe(0);
    expect(cells.filter(Boolean)).toHaveLength(30);
  });
});

describe('the check-in page', () => {
  it('shows count, streak, the checked days of the month and the rewards', async () => {
    stubServer({ 'checkin/status': () => ok(status()) });
    await renderWithApp(<CheckInScreen />);
    expect(await screen.findByTestId('checkin-streak')).toHaveProperty('textContent', '2');
    expect(screen.getByTestId('checkin-count').textContent).toBe('2');
    const checked = document.querySelectorAll('[data-checked="true"]');
    expect([...checked].map((cell) => cell.getAttribute('data-day'))).toEqual(['2026-11-21', '2026-11-22']);
    expect(document.querySelector('td[aria-current="date"] [data-day]')?.getAttribute('data-day')).toBe(
      '2026-11-23',
    );
    expect(screen.getByText('Claimed')).toBeTruthy();
    expect(screen.getByText('2 of 7 check-ins')).toBeTruthy();
  });

  it('checks in and reads the new state', async () => {
    let current = status();
    const calls = stubServer({
      'checkin/status': () => ok(current),
      'checkin/checkIn': () => {
        current = status({
          checkedInToday: true,
          count: 3,
          streak: 3,
          monthDays: [...current.monthDays, '2026-11-23'],
        });
        return ok({ day: '2026-11-23', count: 3, streak: 3 });
      },
    });
    await renderWithApp(<CheckInScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('button', { name: 'Checked in today' })).toBeTruthy();
    expect(screen.getByTestId('checkin-streak').textContent).toBe('3');
    expect(calls.filter((call) => call === 'checkin/checkIn')).toHaveLength(1);
    expect(document.querySelector('[data-day="2026-11-23"]')?.getAttribute('data-checked')).toBe('true');
  });

  it('shows the refusal when today is already checked in', async () => {
    stubServer({
      'checkin/status': () => ok(status({ checkedInToday: true })),
      'checkin/checkIn': () => refusal('ALREADY_CHECKED_IN', 'Already checked in today'),
    });
    await renderWithApp(<CheckInScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Checked in today' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Already checked in today');
  });

  it('shows the refusal when a reward needs more check-ins, and claims one that is due', async () => {
    const calls = stubServer({
      'checkin/status': () => ok(status()),
      'checkin/claim': () =>
        refusal('CHECKIN_COUNT_INSUFFICIENT', 'Insufficient check-in count', { required: 7 }),
    });
    await renderWithApp(<CheckInScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim ₹100.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient check-in count');
    await waitFor(() => expect(calls.filter((call) => call === 'checkin/claim')).toHaveLength(1));
  });
});
