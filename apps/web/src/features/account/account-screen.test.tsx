import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountBalances, UserInfo } from '../../api/user-info';
import { jsonResponse, renderWithApp } from '../../test/render';
import { investor } from '../../test/user-info';
import AccountScreen from './account-screen';

afterEach(() => vi.unstubAllGlobals());

const balances = (currency: string, totalAssets: string, available: string): AccountBalances => ({
  currency,
  totalAssets,
  available,
  frozen: '0.00',
  profit: '0.00',
  withdrawable: available,
  invested: '0.00',
});

function stubUser(accounts: AccountBalances[]) {
  const user: UserInfo = investor({ creditScore: 100, balances: accounts[0]!, accounts });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      jsonResponse({ status: 1, data: String(url).endsWith('user/getUserinfo') ? user : [] }),
    ),
  );
}

const assetsCard = () => screen.getByRole('region', { name: /Total assets/ });

describe('AccountScreen', () => {
  it("shows the broker's registration and grievance contacts from the configuration in its footer", async () => {
    stubUser([balances('INR', '500000.00', '450000.00')]);
    const userFetch = vi.mocked(fetch).getMockImplementation()!;
    const config = [
      { name: 'broker_name', value: 'Example Broking Private Limited' },
      { name: 'broker_sebi_registration', value: 'INZ-EXAMPLE' },
      { name: 'broker_grievance_email', value: 'grievances@example.in' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        String(url).endsWith('common/config')
          ? jsonResponse({ status: 1, data: config })
          : userFetch(url, init),
      ),
    );
    await renderWithApp(<AccountScreen />);
    const footer = await screen.findByRole('region', { name: 'About your broker' });
    await within(footer).findByText('Example Broking Private Limited');
    expect(within(footer).getByText('SEBI registration no. INZ-EXAMPLE')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'grievances@example.in' }).getAttribute('href')).toBe(
      'mailto:grievances@example.in',
    );
    // An address and a phone staff have not set are left out, never invented.
    expect(within(footer).queryByRole('link', { name: /^\+?[0-9 ]+$/ })).toBeNull();
    expect(within(footer).getByRole('link', { name: 'SEBI SCORES' }).getAttribute('href')).toBe(
      'https://scores.sebi.gov.in',
    );
  });

  it('asks before logging out, and staying signed in sends nothing', async () => {
    stubUser([balances('INR', '500000.00', '450000.00')]);
    localStorage.setItem('token', 'tok');
    await renderWithApp(<AccountScreen />);
    await screen.findByText('₹5,00,000.00');
    const fetchStub = vi.mocked(fetch);
    const logoutCalls = () => fetchStub.mock.calls.filter(([url]) => String(url).endsWith('user/logout'));

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = screen.getByRole('dialog', { name: 'Log out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logoutCalls()).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('tok');

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Log out' }));
    await vi.waitFor(() => expect(logoutCalls()).toHaveLength(1));
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('switches between the currency accounts, each with its own figures', async () => {
    stubUser([balances('INR', '500000.00', '450000.00'), balances('USD', '120.50', '100.00')]);
    await renderWithApp(<AccountScreen />);
    expect(await screen.findByText('₹5,00,000.00')).toBeTruthy();
    expect(within(assetsCard()).getByText('Total assets (INR)')).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Currency accounts' });
    expect(within(tabs).getByRole('tab', { name: 'INR' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(within(tabs).getByRole('tab', { name: 'USD' }));
    expect(within(assetsCard()).getByText('Total assets (USD)')).toBeTruthy();
    expect(screen.getByText('USD 120.50')).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: 'USD' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'Exchange between currencies' }).getAttribute('href')).toBe(
      '/information/exChange',
    );
  });

  it('shows no switch while the investor has only the rupee account', async () => {
    stubUser([balances('INR', '1000.00', '1000.00')]);
    await renderWithApp(<AccountScreen />);
    expect(await screen.findByText('₹1,000.00')).toBeTruthy();
    expect(screen.queryByRole('tablist', { name: 'Currency accounts' })).toBeNull();
  });

  it('shows what is owed on a loan and the net assets beside total assets, and an allotment in invested', async () => {
    // ₹20,000 of own money, ₹10,000 borrowed, ₹9,500 paid for an IPO allotment awaiting listing.
    stubUser([
      {
        ...balances('INR', '30000.00', '20500.00'),
        invested: '9500.00',
        allotted: '9500.00',
        liabilities: '10000.00',
        netAssets: '20000.00',
        withdrawable: '10500.00',
      },
    ]);
    await renderWithApp(<AccountScreen />);
    expect(await screen.findByText('₹30,000.00')).toBeTruthy();
    const owed = screen.getByLabelText('What you owe');
    expect(within(owed).getByText('Owed on loans').nextSibling?.textContent).toBe('10,000.00');
    expect(within(owed).getByText('Net assets').nextSibling?.textContent).toBe('20,000.00');
    expect(within(assetsCard()).getByText('IPO allotted (in invested)').nextSibling?.textContent).toBe(
      '9,500.00',
    );
    expect(within(assetsCard()).getByText('Invested').nextSibling?.textContent).toBe('9,500.00');
  });

  it('shows no debt while nothing is owed', async () => {
    stubUser([{ ...balances('INR', '1000.00', '1000.00'), liabilities: '0.00', netAssets: '1000.00' }]);
    await renderWithApp(<AccountScreen />);
    expect(await screen.findByText('₹1,000.00')).toBeTruthy();
    expect(screen.queryByText('Owed on loans')).toBeNull();
    expect(screen.queryByText('IPO allotted (in invested)')).toBeNull();
  });
});
