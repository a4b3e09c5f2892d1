import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffFollowProduct } from '../api/follow-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { StrategyTradingCard } from './StrategyTradingCard';

const product = {
  product: { id: '7', name: 'Nifty Momentum' },
  strategyCash: '100000.00',
} as StaffFollowProduct;

describe('the strategy order form', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'admin-token'));

  it('asks before it places, and a double click on confirm places one order', async () => {
    const api = stubConsoleApi({
      'follow/strategyPositions': ok({ items: [] }),
      'follow/strategyOrder': ok({ id: '91' }),
    });
    renderWithProviders(
      <StrategyTradingCard product={product} mayTrade onChanged={() => {}} onClose={() => {}} />,
    );
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'RELIANCE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Buy 1 RELIANCE at the feed price, leverage 1×');
    expect(api.callsTo('follow/strategyOrder')).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: 'Place order' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('follow/strategyOrder')).toHaveLength(1));
    expect(api.callsTo('follow/strategyOrder')[0]?.body).toEqual({
      id: '7',
      symbol: 'RELIANCE',
      side: 'long',
      orderType: 'market',
      quantity: 1,
      leverage: 1,
    });
  });
});
