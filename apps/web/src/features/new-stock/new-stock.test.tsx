import { runDraw, seedCommitment } from '@nivesh/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { DrawPublication, Issue } from './api';
import { replayPublishedDraw } from './draw-verification';
import { SubscribeForm } from './subscribe-form';

afterEach(() => vi.unstubAllGlobals());

function issue(overrides: Partial<Issue> = {}): Issue {
  return {
    id: '7',
    code: 'NAVYAFOODS',
    name: 'Navya Foods Ltd',
    issueMarket: 'NSE',
    sponsor: 'Kotak Mahindra Capital',
    provisionalPrice: '20.00',
    finalPrice: '19.50',
    marketPrice: null,
    priceDifference: null,
    premiumPercent: null,
    lotSize: 1000,
    minShares: 10000,
    perUserLimit: 1,
    offeredShares: 50000,
    totalSubscribedShares: 0,
    subscriptionCount: 0,
    winningRatePercent: null,
    moneyMode: 'block_at_application',
    opensAt: 0,
    closesAt: 1,
    drawAt: 1,
    allotmentAt: 2,
    listingAt: 3,
    phase: 'open',
    seedCommitment: null,
    seed: null,
    drawnAt: null,
    listedAt: null,
    my: { state: 'to_be_subscribed', subscriptions: 0, subscribedShares: 0, subscribedAmount: '0.00' },
    ...overrides,
  };
}

describe('the subscribe form', () => {
  it('steps by whole lots from the minimum, shows the exact amount, and subscribes after confirming', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (_input, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({ status: 1, msg: 'Subscribed', data: { id: '1', state: 'subscribed' } });
      }),
    );
    const subscribed = vi.fn();
    await renderWithApp(<SubscribeForm issue={issue()} onSubscribed={subscribed} />);
    expect(screen.getByTestId('subscribe-amount').textContent).toBe('₹2,00,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(screen.getByTestId('subscribe-amount').textContent).toBe('₹2,20,000.00');
    expect(screen.getByText('11,000 shares (11 × 1,000)')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Lots' }) as HTMLInputElement).value).toBe('11');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm subscription' });
    fireEvent.click(dialog.querySelector('.button--primary')!);
    await waitFor(() => expect(subscribed).toHaveBeenCalled());
    expect(bodies).toEqual([{ issueId: '7', quantity: 11000 }]);
  });

  it('counts lots and refuses 2.5 lots as not a whole number, sending nothing', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<SubscribeForm issue={issue()} />);
    const lots = screen.getByRole('textbox', { name: 'Lots' }) as HTMLInputElement;
    expect(lots.value).toBe('10');
    fireEvent.change(lots, { target: { value: '2.5' } });
    fireEvent.blur(lots);
    expect(lots.value).toBe('2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('The lots must be a whole number')).toBeTruthy();
    fireEvent.change(lots, { target: { value: '51' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Choose from 10 to 50 lots')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('says why it cannot be used: not open yet, or the count reached', async () => {
    await renderWithApp(<SubscribeForm issue={issue({ phase: 'upcoming' })} />);
    expect(screen.getByText('It is not yet subscription time.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the refusal in the dialog, in words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse({
          status: 0,
          code: 'FUNDS_INSUFFICIENT',
          msg: 'Available balance insufficient',
          params: {},
          data: null,
        }),
      ),
    );
    await renderWithApp(<SubscribeForm issue={issue({ moneyMode: 'pay_after_allotment' })} />);
    expect(screen.getByText(/Nothing is held now/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm subscription' });
    fireEvent.click(dialog.querySelector('.button--primary')!);
    expect(await screen.findByText('Available balance insufficient')).toBeTruthy();
  });
});

describe('verifying the draw in the browser', () => {
  const seed = 'a seed revealed at the draw';
  const entries = [
    { subscriptionId: '3', lots: 10 },
    { subscriptionId: '5', lots: 20 },
    { subscriptionId: '8', lots: 5 },
  ];
  const drawn = runDraw({ seed, offeredLots: 12, entries });
  const publication: DrawPublication = {
    issueId: '7',
    code: 'NAVYAFOODS',
    seedCommitment: seedCommitment(seed),
    seed,
    drawnAt: 1,
    lotSize: 1000,
    offeredLots: 12,
    entries: drawn.allotments,
    algorithm: 'nivesh-ipo-draw/1',
  };

  it('confirms a publication that is the replay', () => {
    expect(replayPublishedDraw(publication)).toEqual({
      seedMatches: true,
      differing: [],
      entries: 3,
      winners: drawn.allotments.filter((entry) => entry.wonLots > 0).length,
    });
  });

  it('catches a seed that is not the commitment and an allotment that is not the replay', () => {
    const tampered = {
      ...publication,
      seedCommitment: seedCommitment('another seed'),
      entries: publication.entries.map((entry, index) =>
        index === 0 ? { ...entry, wonLots: (entry.wonLots ?? 0) + 1 } : entry,
      ),
    };
    const outcome = replayPublishedDraw(tampered);
    expect(outcome.seedMatches).toBe(false);
    expect(outcome.differing).toEqual(['3']);
  });
});
