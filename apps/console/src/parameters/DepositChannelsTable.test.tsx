import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { compareDecimal, DepositChannelsTable, toChannelInput } from './DepositChannelsTable';

const financeStaff = { id: '3', username: 'farah', displayName: 'Farah', roles: ['finance'] };
const upiRow = {
  channel: {
    id: '9',
    kind: 'upi',
    name: 'UPI main',
    currency: 'INR',
    min: '100.00',
    max: '50000.00',
    windowFrom: '09:00',
    windowTo: '21:00',
    details: { vpa: 'nivesh@hdfc', payeeName: 'Nivesh Broking' },
    qrCode: null,
    payerReference: 'utr',
  },
  enabled: true,
  position: 0,
  updatedAt: Date.UTC(2026, 10, 23, 4, 30),
};

describe('deposit channels', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'finance-token'));

  it('sends only the details of the kind, and compares amounts without floating point', () => {
    expect(
      toChannelInput(
        {
          kind: 'upi',
          name: ' UPI 2 ',
          enabled: false,
          min: '100',
          max: '200.50',
          windowFrom: '09:00',
          windowTo: '24:00',
          vpa: 'a@b',
          payeeName: 'X',
          accountNumber: '123',
        },
        undefined,
      ),
    ).toEqual({
      kind: 'upi',
      name: 'UPI 2',
      enabled: false,
      min: '100',
      max: '200.50',
      windowFrom: '09:00',
      windowTo: '24:00',
      details: { vpa: 'a@b', payeeName: 'X' },
    });
    expect(compareDecimal('100.1', '100.09')).toBe(1);
    expect(compareDecimal('99.99', '100')).toBe(-1);
    expect(compareDecimal('100.00', '100')).toBe(0);
  });

  it('lists the channels and deletes one only with a reason', async () => {
    const api = stubConsoleApi({
      'staff/me': ok(financeStaff),
      'depositChannels/list': ok({ items: [upiRow] }),
      'depositChannels/delete': ok(null),
    });
    renderWithProviders(<DepositChannelsTable />);
    expect(await screen.findByText('UPI main')).toBeTruthy();
    expect(screen.getByText('nivesh@hdfc · Nivesh Broking')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete UPI main' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete channel' }));
    expect(await within(dialog).findByText('Give a reason for this action')).toBeTruthy();
    expect(api.callsTo('depositChannels/delete')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'bank account closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete channel' }));
    await waitFor(() =>
      expect(api.callsTo('depositChannels/delete')[0]?.body).toEqual({
        id: '9',
        reason: 'bank account closed',
      }),
    );
  });

  it('is closed to support, saying who may', async () => {
    const api = stubConsoleApi({
      'staff/me': ok({ ...financeStaff, roles: ['support'] }),
    });
    renderWithProviders(<DepositChannelsTable />);
    expect(await screen.findByText('Needs the admin or finance role')).toBeTruthy();
    expect(api.callsTo('depositChannels/list')).toHaveLength(0);
  });
});
