import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { investor } from '../../test/user-info';
import type { Destination } from './api';
import CashOutScreen from './cash-out-screen';
import { BANK_CARD } from './test-destinations';
import { WithdrawalForm } from './withdrawal-form';

afterEach(() => vi.unstubAllGlobals());

const CARD: Destination = BANK_CARD;
const NEW_CARD: Destination = { ...CARD, id: '8', accountNumber: 'XXXX3456', usable: false, usableFrom: 1 };

function stubServer(user = investor()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      if (path.endsWith('user/getUserinfo')) return jsonResponse({ status: 1, data: user });
      if (path.includes('bank/list') || path.includes('wallet/list'))
        return jsonResponse({ status: 1, data: { items: path.includes('bank') ? [CARD] : [] } });
      return jsonResponse({ status: 1, data: null });
    }),
  );
}

describe('withdrawal gates come first', () => {
  it('asks for a fund password before the form, with a link to set it', async () => {
    stubServer(investor({ hasFundPassword: false }));
    await renderWithApp(<CashOutScreen />);
    expect(await screen.findByText(/Set a fund password first/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set fund password' }).getAttribute('href')).toBe(
      '/information/fundPass',
    );
    expect(screen.queryByLabelText('Fund password')).toBeNull();
  });

  it('asks for KYC before the form', async () => {
    stubServer(investor({ realNameStatus: 'rejected' }));
    await renderWithApp(<CashOutScreen />);
    expect(await screen.findByRole('link', { name: 'Verify now' })).toBeTruthy();
    expect(screen.queryByLabelText('Fund password')).toBeNull();
  });

  it('a card not yet usable is listed but cannot be chosen, nor is it chosen for the investor', async () => {
    stubServer();
    await renderWithApp(<WithdrawalForm destinations={[NEW_CARD, CARD]} onSubmitted={() => undefined} />);
    const select = screen.getByLabelText('To') as HTMLSelectElement;
    expect(select.value).toBe('7');
    const notYet = screen.getByRole('option', { name: /XXXX3456 \(not yet usable\)/ }) as HTMLOptionElement;
    expect(notYet.disabled).toBe(true);
  });

  it('with only a card cooling off, none is chosen', async () => {
    stubServer();
    await renderWithApp(<WithdrawalForm destinations={[NEW_CARD]} onSubmitted={() => undefined} />);
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('');
  });
});
