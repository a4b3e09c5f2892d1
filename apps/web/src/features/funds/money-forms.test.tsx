import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { DepositChannel, Destination } from './api';
import { DepositForm } from './deposit-form';
import { ExchangeForm } from './exchange-form';
import { BANK_CARD } from './test-destinations';
import { WithdrawalForm } from './withdrawal-form';

afterEach(() => vi.unstubAllGlobals());

const CHANNEL: DepositChannel = {
  id: '1',
  kind: 'upi',
  name: 'UPI',
  currency: 'INR',
  min: '100.00',
  max: '1000000.00',
  windowFrom: '00:00',
  windowTo: '23:59',
  details: { vpa: 'nivesh@upi', payeeName: 'Nivesh' },
  qrCode: null,
  payerReference: 'utr',
};

const CARD: Destination = BANK_CARD;

describe('DepositForm', () => {
  it('refuses an empty form: amount, UTR, the receipt first and the source', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(
      <DepositForm channel={CHANNEL} sources={[CARD, { ...CARD, id: '8' }]} onSubmitted={() => undefined} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(screen.getByText('Enter the amount')).toBeTruthy();
    expect(screen.getByText('Enter the UTR of your payment')).toBeTruthy();
    expect(screen.getByText('Upload the payment receipt first')).toBeTruthy();
    expect(screen.getByText('Choose the account you paid from')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('puts the channel minimum, as money, into the message', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    await renderWithApp(
      <DepositForm channel={{ ...CHANNEL, min: '1000.00' }} sources={[CARD]} onSubmitted={() => undefined} />,
      {
        language: 'hi',
      },
    );
    fireEvent.change(screen.getByLabelText('राशि (INR)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('UTR (भुगतान संदर्भ)'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'जमा भेजें' }));
    expect(screen.getByText('न्यूनतम राशि 1,000.00 है')).toBeTruthy();
    expect(screen.getByText('UTR 12 अंकों का होता है')).toBeTruthy();
  });
});

const QUOTE = {
  amount: '0.00',
  fee: '0.00',
  net: '0.00',
  currency: 'INR',
  withdrawable: '5000.00',
  min: '100.00',
  max: '500000.00',
  windowFrom: '09:30',
  windowTo: '24:00',
  workingDaysOnly: true,
  inWindow: true,
  arrival: 'Usually within 2 hours; at the latest T+1 by 24:00',
};

function quoteFor(body: { amount?: string }) {
  if (!body.amount) return QUOTE;
  const fee = '10.00';
  return {
    ...QUOTE,
    amount: body.amount,
    fee,
    net: (BigInt(body.amount.replace('.', '')) - 1000n).toString().replace(/(\d\d)$/, '.$1'),
  };
}

describe('WithdrawalForm', () => {
  function stubServer(submitReply: () => Response) {
    const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { amount?: string };
      if (String(input).includes('cashout/quote')) return jsonResponse({ status: 1, data: quoteFor(body) });
      return submitReply();
    });
    vi.stubGlobal('fetch', fetchStub);
    return fetchStub;
  }

  it('shows the withdrawable amount and refuses an empty form without requesting', async () => {
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: {} }));
    await renderWithApp(<WithdrawalForm destinations={[CARD]} onSubmitted={() => undefined} />);
    expect(await screen.findByText('INR 5,000.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter the amount')).toBeTruthy();
    expect(screen.getByText('Enter your fund password')).toBeTruthy();
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('cashout/submit'))).toBe(false);
  });

  it('refuses more than the withdrawable cash and less than the minimum', async () => {
    stubServer(() => jsonResponse({ status: 1, data: {} }));
    await renderWithApp(<WithdrawalForm destinations={[CARD]} onSubmitted={() => undefined} />);
    await screen.findByText('INR 5,000.00');
    fireEvent.change(screen.getByLabelText('Amount (INR)'), { target: { value: '6000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('You can withdraw at most 5,000.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (INR)'), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('The minimum is 100.00')).toBeTruthy();
  });

  it('shows the fee before confirming, requests once, and shows the server refusal', async () => {
    const fetchStub = stubServer(() =>
      jsonResponse({ status: 0, code: 'FUND_PASSWORD_WRONG', msg: 'Fund password is wrong', data: null }),
    );
    await renderWithApp(<WithdrawalForm destinations={[CARD]} onSubmitted={() => undefined} />);
    await screen.findByText('INR 5,000.00');
    fireEvent.change(screen.getByLabelText('Amount (INR)'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Fund password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain('990.00'));
    expect(dialog.textContent).toContain('10.00');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect((await screen.findAllByRole('alert'))[0]?.textContent).toBe('Fund password is wrong');
    const submits = fetchStub.mock.calls.filter(([url]) => String(url).includes('cashout/submit'));
    expect(submits).toHaveLength(1);
    expect(JSON.parse(String(submits[0]?.[1]?.body))).toEqual({
      amount: '1000.00',
      destinationId: '7',
      fundPassword: 'wrong-pass',
    });
  });
});

describe('ExchangeForm', () => {
  const RATES = [{ from: 'USD', to: 'INR', rate: '83.25', spreadBps: 50 }];

  it('requires the amount and refuses the same currency', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<ExchangeForm rates={RATES} onExchanged={() => undefined} />);
    expect(screen.getByText('1 USD = 83.25 INR, spread 0.50%')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'USD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    expect(screen.getByText('Choose two different currencies')).toBeTruthy();
    expect(screen.getByText('Enter the amount')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('quotes first, then exchanges once', async () => {
    const quote = {
      from: 'USD',
      to: 'INR',
      amount: '10.00',
      receive: '828.33',
      rate: '83.25',
      spreadBps: 50,
    };
    const fetchStub = vi.fn<typeof fetch>(async (input) =>
      jsonResponse({
        status: 1,
        data: String(input).includes('exchange/quote')
          ? quote
          : { id: '1', ...quote, entryId: '9', createdAt: 0 },
      }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onExchanged = vi.fn();
    await renderWithApp(<ExchangeForm rates={RATES} onExchanged={onExchanged} />);
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    expect(await screen.findByText('INR 828.33')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm exchange' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(onExchanged).toHaveBeenCalledTimes(1));
    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('exchange/submit'))).toHaveLength(1);
  });
});
