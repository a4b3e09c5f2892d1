import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { BankCardForm } from './bank-card-form';
import { WalletForm } from './wallet-form';

afterEach(() => vi.unstubAllGlobals());

function fill(values: { account?: string; confirm?: string; ifsc?: string }) {
  if (values.account !== undefined)
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: values.account } });
  if (values.confirm !== undefined)
    fireEvent.change(screen.getByLabelText('Confirm account number'), { target: { value: values.confirm } });
  if (values.ifsc !== undefined)
    fireEvent.change(screen.getByLabelText('IFSC'), { target: { value: values.ifsc } });
}

describe('BankCardForm', () => {
  it('shows the KYC name as the holder and refuses an empty form without calling the server', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<BankCardForm holderName="Asha Rao" onAdded={() => undefined} />);
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(screen.getByText('Enter the account number')).toBeTruthy();
    expect(screen.getByText('Enter the account number again')).toBeTruthy();
    expect(screen.getByText('Enter the IFSC')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a short account number, a mismatched confirmation and a malformed IFSC', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    await renderWithApp(<BankCardForm holderName="Asha Rao" onAdded={() => undefined} />);
    fill({ account: '1234', confirm: '1235', ifsc: 'SBIN123' });
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(screen.getByText('The account number has 9 to 18 digits')).toBeTruthy();
    expect(screen.getByText('Account numbers do not match')).toBeTruthy();
    expect(screen.getByText('Enter a valid 11-character IFSC, like SBIN0001234')).toBeTruthy();
  });

  it('refuses in Chinese when the interface is Chinese', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    await renderWithApp(<BankCardForm holderName="Asha Rao" onAdded={() => undefined} />, { language: 'zh' });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(screen.getByText('请输入账号')).toBeTruthy();
  });

  it('sends once on a double tap and shows the server refusal', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () =>
      jsonResponse({
        status: 0,
        code: 'CARD_NOT_HOLDERS',
        msg: "Bank card does not exist or is not the holder's",
        data: null,
      }),
    );
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<BankCardForm holderName="Asha Rao" onAdded={() => undefined} />);
    fill({ account: '1234 5678 9012', confirm: '123456789012', ifsc: 'sbin0001234' });
    const submit = screen.getByRole('button', { name: 'Add account' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Bank card does not exist or is not the holder's",
    );
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      holderName: 'Asha Rao',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
    });
  });
});

describe('WalletForm', () => {
  it('requires the address and checks it against the wallet type', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<WalletForm onAdded={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add wallet' }));
    expect(screen.getByText('Enter the wallet address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: `0x${'ab'.repeat(20)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Add wallet' }));
    expect(screen.getByText('This is not a valid address for the chosen network')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends the network and address', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => jsonResponse({ status: 1, data: { id: '1' } }));
    vi.stubGlobal('fetch', fetchStub);
    const onAdded = vi.fn();
    await renderWithApp(<WalletForm onAdded={onAdded} />);
    fireEvent.change(screen.getByLabelText('Wallet type'), { target: { value: 'ERC20' } });
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: `0x${'ab'.repeat(20)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Add wallet' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      network: 'ERC20',
      address: `0x${'ab'.repeat(20)}`,
    });
  });
});
