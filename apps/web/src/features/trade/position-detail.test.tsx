import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPosition } from '../../test/position';
import { jsonResponse, renderWithApp } from '../../test/render';
import { PositionDetail } from './position-detail';

afterEach(() => vi.unstubAllGlobals());

const HOLDING = aPosition();

function stubServer(reply: () => Response) {
  const fetchStub = vi.fn<typeof fetch>(async () => reply());
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const closes = (fetchStub: ReturnType<typeof stubServer>) =>
  fetchStub.mock.calls.filter(([url]) => String(url).includes('trade/close'));

describe('PositionDetail', () => {
  it('shows every field and the P&L at the live price, capped at the margin', async () => {
    stubServer(() => jsonResponse({ status: 1, data: HOLDING }));
    const { unmount } = await renderWithApp(<PositionDetail position={HOLDING} livePrice="102.50" />);
    for (const label of [
      'Order number',
      'Buy time',
      'Buy price',
      'Confirm price',
      'Quantity held (lots)',
      'Market value',
      'Cost',
      'Original margin',
      'Leverage',
      'Fee',
      'Tax',
      'Sell time',
      'Sell price',
      'Lock time',
      'Status',
      'Type',
      'Order type',
    ]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByText('+25.00')).toBeTruthy();
    expect(screen.getByText('1,025.00')).toBeTruthy();
    unmount();
    await renderWithApp(<PositionDetail position={HOLDING} livePrice="10.00" />);
    expect(screen.getByText('−500.00')).toBeTruthy();
  });

  it('closes only after the confirmation, once for a double tap', async () => {
    const closed = { ...HOLDING, status: 'closed' as const, netProfitLoss: '8.40' };
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: closed }));
    const onChanged = vi.fn();
    await renderWithApp(<PositionDetail position={HOLDING} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close position' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('all 10 lots close at the feed price (now 101.00)');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(closes(fetchStub)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Close position' }));
    const confirm = screen.getByRole('button', { name: 'Close now' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(closed));
    expect(closes(fetchStub)).toHaveLength(1);
    expect(JSON.parse(String(closes(fetchStub)[0]?.[1]?.body))).toEqual({ id: '41' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sells part of the holding: the lots typed, whole numbers only, never stripped', async () => {
    const closed = { ...HOLDING, id: '42', status: 'closed' as const, quantity: 4, splitFrom: '41' };
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: closed }));
    const onChanged = vi.fn();
    await renderWithApp(<PositionDetail position={HOLDING} onChanged={onChanged} />);
    expect(screen.getByText('Product')).toBeTruthy();
    expect(screen.getByText('MTF')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close position' }));
    const quantity = screen.getByLabelText('Lots to sell (you hold 10)') as HTMLInputElement;
    expect(quantity.value).toBe('10');
    for (const [typed, refusal] of [
      ['2.5', 'The lots must be a whole number'],
      ['0', 'Sell at least 1 lot'],
      ['11', 'You hold 10 lots; you cannot sell more'],
      ['', 'Enter the number of lots to sell'],
    ] as const) {
      fireEvent.change(quantity, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Close now' }));
      expect(screen.getByText(refusal)).toBeTruthy();
    }
    expect(closes(fetchStub)).toHaveLength(0);
    fireEvent.change(quantity, { target: { value: '4' } });
    expect(screen.getByRole('dialog').textContent).toContain('4 of 10 lots close at the feed price');
    fireEvent.click(screen.getByRole('button', { name: 'Close now' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(closed));
    expect(JSON.parse(String(closes(fetchStub)[0]?.[1]?.body))).toEqual({ id: '41', quantity: 4 });
  });

  it('shows "do not repeat the operation" and a lock refusal in the dialog', async () => {
    const fetchStub = stubServer(() =>
      jsonResponse({
        status: 0,
        code: 'REPEATED_OPERATION',
        msg: 'The order is not holding; do not repeat the operation',
        params: { state: 'holding' },
        data: null,
      }),
    );
    await renderWithApp(<PositionDetail position={HOLDING} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close position' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The order is not holding; do not repeat the operation',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(closes(fetchStub)).toHaveLength(1);
  });

  it('says a lent holding cannot close until its lending ends, and offers no close', async () => {
    stubServer(() => jsonResponse({ status: 1, data: HOLDING }));
    const lentUntil = Date.UTC(2026, 11, 7, 4, 30);
    await renderWithApp(<PositionDetail position={{ ...HOLDING, lentUntil }} />);
    expect(screen.getByText('Lent until')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('lent out until');
    expect(screen.queryByRole('button', { name: 'Close position' })).toBeNull();
  });

  it('offers cancel, not close, for a pending order', async () => {
    const pending = {
      ...HOLDING,
      status: 'pending' as const,
      orderType: 'limit' as const,
      limitPrice: '99.00',
      held: '495.15',
    };
    const fetchStub = stubServer(() =>
      jsonResponse({ status: 1, data: { ...pending, status: 'cancelled' } }),
    );
    await renderWithApp(<PositionDetail position={pending} />);
    expect(screen.queryByRole('button', { name: 'Close position' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByRole('dialog').textContent).toContain('495.15 held for it returns to your cash');
    // The sheet's buttons say what each does: keep the order, or cancel it (never "Cancel" beside "Cancel order").
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('trade/cancel'))).toHaveLength(1),
    );
  });

  it('words a short, a pending order and a closed position by what they are', async () => {
    stubServer(() => jsonResponse({ status: 1, data: HOLDING }));
    const short = await renderWithApp(<PositionDetail position={{ ...HOLDING, side: 'short' }} />);
    expect(screen.getByText('Sell price')).toBeTruthy();
    expect(screen.getByText('Buy-back price')).toBeTruthy();
    expect(screen.queryByText('Buy price')).toBeNull();
    short.unmount();

    const pending = await renderWithApp(
      <PositionDetail
        position={{
          ...HOLDING,
          status: 'pending',
          orderType: 'limit',
          limitPrice: '99.00',
          confirmPrice: null,
        }}
      />,
    );
    expect(screen.getByText('Order price')).toBeTruthy();
    expect(screen.getByText('99.00')).toBeTruthy();
    expect(screen.getByText('Quantity ordered (lots)')).toBeTruthy();
    expect(screen.queryByText('Buy price')).toBeNull();
    expect(screen.queryByText('Quantity held (lots)')).toBeNull();
    pending.unmount();

    // A closed position stays at its exit price, whatever the market (or the server's live figure) does.
    await renderWithApp(
      <PositionDetail
        position={{ ...HOLDING, status: 'closed', sellPrice: '104.00', currentPrice: '111.11' }}
        livePrice="120.00"
      />,
    );
    const current = screen.getByText('Current price').parentElement;
    expect(current?.textContent).toContain('104.00');
    expect(screen.queryByText('111.11')).toBeNull();
    expect(screen.getByText('Market value').parentElement?.textContent).toContain('1,040.00');
  });

  it('shows a stop-out price only with leverage above 1', async () => {
    stubServer(() => jsonResponse({ status: 1, data: HOLDING }));
    const levered = await renderWithApp(<PositionDetail position={HOLDING} />);
    expect(screen.getByText('Stop-out price')).toBeTruthy();
    levered.unmount();
    await renderWithApp(<PositionDetail position={{ ...HOLDING, leverage: 1, stopOutPrice: '0.00' }} />);
    expect(screen.queryByText('Stop-out price')).toBeNull();
  });
});
