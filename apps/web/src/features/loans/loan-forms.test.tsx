import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { investor } from '../../test/user-info';
import { bpsAsPercent, type Loan, type LoanInfo } from './api';
import { LoanApplyForm } from './loan-apply-form';
import { LoanRepayForm } from './loan-repay-form';
import LoanRepayScreen from './loan-repay-screen';
import LoanScreen from './loan-screen';

afterEach(() => vi.unstubAllGlobals());

const INFO: LoanInfo = {
  creditScore: 650,
  quota: '50000.00',
  borrowed: '0.00',
  borrowable: '50000.00',
  minAmount: '1000.00',
  maxAmount: '500000.00',
  terms: [7, 15, 30, 60, 90],
  dailyInterestBps: '5',
  cash: '20000.00',
  withdrawable: '20000.00',
  owed: '0.00',
  cashShort: false,
  current: null,
};

const LOAN: Loan = {
  id: '3',
  amount: '10000.00',
  termDays: 30,
  dailyInterestBps: '5',
  state: 'outstanding',
  appliedAt: 0,
  decidedAt: 0,
  reason: null,
  disbursedAt: 0,
  dueAt: Date.UTC(2026, 11, 22, 18, 30),
  isOverdue: false,
  principalOutstanding: '10000.00',
  interestCharged: '10.00',
  interestOutstanding: '10.00',
  owed: '10010.00',
  repaid: '0.00',
  repaidAt: null,
};

function stubServer(reply: (path: string, body: Record<string, unknown>) => unknown) {
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    return jsonResponse(reply(String(input), body));
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const quote = (body: Record<string, unknown>) => {
  const amountPaise = BigInt(String(body.amount).replace('.', ''));
  const days = BigInt(Number(body.termDays));
  const daily = (amountPaise * 5n + 5_000n) / 10_000n;
  const money = (paise: bigint) => `${paise / 100n}.${(paise % 100n).toString().padStart(2, '0')}`;
  return {
    status: 1,
    data: {
      amount: body.amount,
      termDays: body.termDays,
      dailyInterestBps: '5',
      dailyInterest: money(daily),
      interestOverTerm: money(daily * days),
      totalDue: money(amountPaise + daily * days),
      dueAtIfApprovedNow: Date.UTC(2026, 11, 22, 18, 30),
    },
  };
};

describe('the loan application form', () => {
  it('refuses a missing amount, one above the quota, above the platform limit and below the minimum, without applying', async () => {
    const fetchStub = stubServer((path, body) =>
      path.includes('loan/quote') ? quote(body) : { status: 1, data: LOAN },
    );
    await renderWithApp(
      <LoanApplyForm
        info={{ ...INFO, borrowable: '50000.00', maxAmount: '40000.00' }}
        onApplied={() => undefined}
      />,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    fireEvent.click(next);
    expect(screen.getByText('Enter the amount')).toBeTruthy();
    const amount = screen.getByLabelText('Loan amount (₹)');
    fireEvent.change(amount, { target: { value: '45000' } });
    fireEvent.click(next);
    expect(screen.getByText('One loan can be at most 40,000.00')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '999' } });
    fireEvent.click(next);
    expect(screen.getByText('The smallest loan is 1,000.00')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(next);
    expect(screen.getByText('Enter an amount above 0 with at most 2 decimals')).toBeTruthy();
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('loan/apply'))).toBe(false);
  });

  it('refuses more than the quota allows', async () => {
    stubServer((path, body) => (path.includes('loan/quote') ? quote(body) : { status: 1, data: LOAN }));
    await renderWithApp(
      <LoanApplyForm info={{ ...INFO, borrowable: '10000.00' }} onApplied={() => undefined} />,
    );
    fireEvent.change(screen.getByLabelText('Loan amount (₹)'), { target: { value: '10000.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Your quota allows at most 10,000.00')).toBeTruthy();
  });

  it('shows the interest before confirming and applies once with the chosen term', async () => {
    const onApplied = vi.fn();
    const fetchStub = stubServer((path, body) =>
      path.includes('loan/quote')
        ? quote(body)
        : { status: 1, msg: 'Borrowed', data: { ...LOAN, state: 'pending' } },
    );
    await renderWithApp(<LoanApplyForm info={INFO} onApplied={onApplied} />);
    fireEvent.change(screen.getByLabelText('Loan amount (₹)'), { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: '15 days' }));
    const card = screen.getByRole('region', { name: 'Interest' });
    await waitFor(() => expect(card.textContent).toContain('₹75.00'));
    expect(card.textContent).toContain('₹5.00');
    expect(card.textContent).toContain('₹10,075.00');
    expect(card.textContent).toContain('0.05% a day');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('₹75.00');
    const confirm = screen.getByRole('button', { name: 'Apply' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    const applies = fetchStub.mock.calls.filter(([url]) => String(url).includes('loan/apply'));
    expect(applies).toHaveLength(1);
    expect(JSON.parse(String(applies[0]?.[1]?.body))).toEqual({ amount: '10000.00', termDays: 15 });
  });

  it('shows the server’s refusal in the current language', async () => {
    stubServer((path, body) =>
      path.includes('loan/quote')
        ? quote(body)
        : {
            status: 0,
            code: 'LOAN_OUTSTANDING',
            msg: 'आपका एक क्रेडिट ऋण बकाया है, कृपया पहले उसे चुकाएं',
            params: {},
            data: null,
          },
    );
    await renderWithApp(<LoanApplyForm info={INFO} onApplied={() => undefined} />, { language: 'hi' });
    fireEvent.change(screen.getByLabelText('ऋण राशि (₹)'), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'आगे' }));
    const confirm = await screen.findByRole('button', { name: 'आवेदन करें' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    expect((await screen.findAllByRole('alert'))[0]?.textContent).toContain('ऋण बकाया');
  });
});

describe('the repayment form', () => {
  const OWING: LoanInfo = { ...INFO, owed: '10010.00', cash: '20000.00', current: LOAN };

  it('requires the amount and the fund password, and refuses more than owed or more than cash', async () => {
    const fetchStub = stubServer(() => ({ status: 1, data: LOAN }));
    await renderWithApp(<LoanRepayForm info={OWING} onRepaid={() => undefined} />);
    const next = screen.getByRole('button', { name: 'Next' });
    fireEvent.click(next);
    expect(screen.getByText('Enter the amount')).toBeTruthy();
    expect(screen.getByText('Enter your fund password')).toBeTruthy();
    const amount = screen.getByLabelText('Repayment amount (₹)');
    fireEvent.change(amount, { target: { value: '10010.01' } });
    fireEvent.click(next);
    expect(screen.getByText('You owe 10,010.00: repay at most that')).toBeTruthy();
    await renderWithApp(
      <LoanRepayForm info={{ ...OWING, cash: '500.00', cashShort: true }} onRepaid={() => undefined} />,
    );
    const amounts = screen.getAllByLabelText('Repayment amount (₹)');
    fireEvent.change(amounts[1]!, { target: { value: '600' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Next' })[1]!);
    expect(screen.getByText('Your cash is 500.00')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('fills in what is owed, confirms, and repays once with the fund password', async () => {
    const onRepaid = vi.fn();
    const fetchStub = stubServer(() => ({
      status: 1,
      msg: 'Repaid',
      data: { ...LOAN, state: 'repaid', owed: '0.00' },
    }));
    await renderWithApp(<LoanRepayForm info={OWING} onRepaid={onRepaid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Repay all (10,010.00)' }));
    fireEvent.change(screen.getByLabelText('Fund password'), { target: { value: 'Fund1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('₹10,010.00');
    expect(dialog.textContent).toContain('interest charged first');
    fireEvent.click(screen.getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(onRepaid).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      amount: '10010.00',
      fundPassword: 'Fund1234',
    });
  });
});

describe('the daily rate shown', () => {
  it('turns basis points into a percentage without floating point', () => {
    expect(bpsAsPercent('5')).toBe('0.05');
    expect(bpsAsPercent('12.5')).toBe('0.125');
    expect(bpsAsPercent('100')).toBe('1');
    expect(bpsAsPercent('0.0001')).toBe('0.000001');
  });
});

describe('the loan screen', () => {
  it('says "Applied for", not "Borrowed", while the application is under review', async () => {
    const pending = { ...LOAN, amount: '20000.00', state: 'pending' as const, disbursedAt: null };
    stubServer(() => ({
      status: 1,
      data: { ...INFO, borrowed: '20000.00', borrowable: '30000.00', current: pending },
    }));
    const { unmount } = await renderWithApp(<LoanScreen />);
    expect((await screen.findByText('Applied for')).nextElementSibling?.textContent).toBe('₹20,000.00');
    expect(screen.queryByText('Borrowed')).toBeNull();
    unmount();

    stubServer(() => ({ status: 1, data: { ...INFO, borrowed: '10000.00', current: LOAN } }));
    await renderWithApp(<LoanScreen />);
    expect(await screen.findByText('Borrowed')).toBeTruthy();
    expect(screen.queryByText('Applied for')).toBeNull();
  });
});

describe('loan gates come first', () => {
  it('asks for KYC before the application form, with a link to the verification screen', async () => {
    stubServer((path) => ({
      status: 1,
      data: path.endsWith('user/getUserinfo') ? investor({ realNameStatus: 'unverified' }) : INFO,
    }));
    await renderWithApp(<LoanScreen />);
    expect((await screen.findByRole('link', { name: 'Verify now' })).getAttribute('href')).toBe(
      '/information/authInfo',
    );
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('asks for a fund password before the repayment form', async () => {
    stubServer((path) => ({
      status: 1,
      data: path.endsWith('user/getUserinfo')
        ? investor({ hasFundPassword: false })
        : { ...INFO, borrowed: '10000.00', owed: '10010.00', current: LOAN },
    }));
    await renderWithApp(<LoanRepayScreen />);
    expect((await screen.findByRole('link', { name: 'Set fund password' })).getAttribute('href')).toBe(
      '/information/fundPass',
    );
    expect(screen.queryByLabelText('Fund password')).toBeNull();
  });
});
