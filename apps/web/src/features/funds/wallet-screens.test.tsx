import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import BankListScreen from './bank-list-screen';
import UsdtAddressScreen from './usdt-address-screen';
import { WalletForm } from './wallet-form';

afterEach(() => vi.unstubAllGlobals());

function stubServer(cryptoEnabled: boolean) {
  const fetchStub = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).split('/api/vue/')[1] ?? '';
    if (path === 'wallet/list') return jsonResponse({ status: 1, data: { items: [], cryptoEnabled } });
    if (path === 'bank/list') return jsonResponse({ status: 1, data: { items: [] } });
    throw new Error(`unexpected call ${path}`);
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('USDT wallets', () => {
  it('offer no wallet form while crypto is off, saying why', async () => {
    stubServer(false);
    const screenOne = await renderWithApp(<UsdtAddressScreen />);
    expect(await screen.findByText(/Crypto deposits and withdrawals are not available now/)).toBeTruthy();
    expect(screen.queryByLabelText('Wallet address')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    screenOne.unmount();

    await renderWithApp(<BankListScreen />);
    await screen.findByText('No bank account yet');
    expect(screen.queryByText('Add a USDT wallet')).toBeNull();
    expect(screen.queryByText('USDT wallets')).toBeNull();
  });

  it('offer the form while crypto is on', async () => {
    stubServer(true);
    await renderWithApp(<UsdtAddressScreen />);
    expect(await screen.findByRole('form')).toBeTruthy();
  });

  it('ask for the network when none is chosen, sending nothing', async () => {
    const fetchStub = stubServer(true);
    await renderWithApp(<WalletForm onAdded={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Wallet type'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Wallet address'), {
      target: { value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    fireEvent.submit(screen.getByRole('form'));
    expect(screen.getByText('Choose the wallet type')).toBeTruthy();
    expect(screen.queryByText(/not a valid address/)).toBeNull();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
