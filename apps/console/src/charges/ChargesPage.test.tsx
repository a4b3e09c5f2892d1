import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChargeScheduleRow } from '../api/charges-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { ChargesPage } from './ChargesPage';

const financeStaff = { id: '7', username: 'meera', displayName: 'Meera', roles: ['finance'] };

const seeded: ChargeScheduleRow = {
  id: '1',
  effectiveFrom: '2024-10-01',
  inForce: true,
  brokerage: {
    CNC: { kind: 'zero' },
    MIS: { kind: 'percent', ratePercent: '0.03', cap: '20.00' },
    MTF: { kind: 'zero' },
  },
  sttDeliveryBuy: '0.1',
  sttDeliverySell: '0.1',
  sttIntradayBuy: '0',
  sttIntradaySell: '0.025',
  exchange: '0.00297',
  sebi: '0.0001',
  stampDeliveryBuy: '0.015',
  stampIntradayBuy: '0.003',
  gst: '18',
  dpCharge: '13.00',
  createdBy: null,
  reason: 'Statutory rates in force since 2024-10-01',
  createdAt: Date.UTC(2026, 10, 1),
};

function stub(roles: string[]) {
  return stubConsoleApi({
    'staff/me': ok({ ...financeStaff, roles }),
    'charges/schedules': ok({ items: [seeded], today: '2026-11-26' }),
    'charges/houseAccounts': ok({
      items: [
        { purpose: 'house_stt_payable', owedTo: 'government', currency: 'INR', balance: '295.00' },
        { purpose: 'house_brokerage', owedTo: 'broker', currency: 'INR', balance: '40.00' },
      ],
    }),
  });
}

describe('the charges page', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'finance-token'));

  it('lists the schedules with the one in force, and whom each house balance belongs to', async () => {
    stub(['finance']);
    renderWithProviders(<ChargesPage />);
    expect(await screen.findByText('in force')).toBeTruthy();
    expect(screen.getByText('MIS: lower of 0.03% and ₹20.00')).toBeTruthy();
    expect(screen.getByText('0.00297')).toBeTruthy();
    expect(await screen.findByText('house_stt_payable')).toBeTruthy();
    expect(screen.getByText('the government')).toBeTruthy();
    expect(screen.getByText('295.00')).toBeTruthy();
  });

  it('refuses a negative rate in the form, before calling the server', async () => {
    const api = stub(['finance']);
    renderWithProviders(<ChargesPage />);
    const sebi = await screen.findByLabelText('SEBI turnover fee (%)');
    expect((sebi as HTMLInputElement).value).toBe('0.0001'); // copied from the schedule in force
    fireEvent.change(sebi, { target: { value: '-0.0001' } });
    fireEvent.change(screen.getByLabelText('Reason (the circular)'), { target: { value: 'SEBI circular' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review schedule' }));
    expect(await screen.findByText('a percent, at most 7 decimals')).toBeTruthy();
    expect(api.callsTo('charges/addSchedule')).toHaveLength(0);
  });

  it('shows who may add a schedule to a role that may not', async () => {
    stub(['support']);
    renderWithProviders(<ChargesPage />);
    expect(await screen.findByText('in force')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review schedule' })).toBeNull();
  });
});
