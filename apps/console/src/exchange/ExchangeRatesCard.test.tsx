import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { ExchangeRatesCard } from './ExchangeRatesCard';

const staff = (roles: string[]) => ({ id: '3', username: 'priya', displayName: 'Priya', roles });
/** Opens the select labelled `label` and picks `value` from its open dropdown. */
async function pick(label: string, value: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  await waitFor(() => {
    const options = document.querySelectorAll(`.ant-select-item-option[title="${value}"]`);
    expect(options.length).toBeGreaterThan(0);
  });
  const options = document.querySelectorAll(`.ant-select-item-option[title="${value}"]`);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

const pair = {
  from: 'INR',
  to: 'USD',
  rate: '0.012',
  spreadBps: 50,
  enabled: true,
  updatedAt: 1_700_000_000_000,
};

describe('exchange rates in the console', () => {
  it('lists the pairs and sets a rate with its spread and a reason, after confirming', async () => {
    sessionStorage.setItem('staffToken', 'finance-token');
    const api = stubConsoleApi({
      'staff/me': ok(staff(['finance'])),
      'exchangeRates/list': ok({ items: [pair] }),
      'exchangeRates/set': ok({ ...pair, from: 'USD', to: 'INR', rate: '83.25' }),
    });
    renderWithProviders(<ExchangeRatesCard />);
    expect(await screen.findByText('1 INR = 0.012 USD')).toBeTruthy();
    await pick('From', 'USD');
    await pick('To', 'INR');
    fireEvent.change(screen.getByLabelText('1 From buys'), { target: { value: '83.25' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'RBI reference rate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText(/1 USD buys 83.25 INR; investors receive 0.50% less/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Save rate' }).at(-1) as HTMLElement);
    await waitFor(() => expect(api.callsTo('exchangeRates/set')).toHaveLength(1));
    expect(api.callsTo('exchangeRates/set')[0]?.body).toEqual({
      from: 'USD',
      to: 'INR',
      rate: '83.25',
      spreadBps: 50,
      enabled: true,
      reason: 'RBI reference rate',
    });
  });

  it('asks nothing of the server for a role that may not read rates', async () => {
    sessionStorage.setItem('staffToken', 'support-token');
    const api = stubConsoleApi({ 'staff/me': ok(staff(['support'])) });
    renderWithProviders(<ExchangeRatesCard />);
    expect(await screen.findByText('Needs the admin or finance role')).toBeTruthy();
    expect(api.callsTo('exchangeRates/list')).toHaveLength(0);
  });
});
