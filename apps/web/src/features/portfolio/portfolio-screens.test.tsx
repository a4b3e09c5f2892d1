import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import ContractNotesScreen from './contract-notes-screen';
import HoldingsScreen from './holdings-screen';
import TaxPnlScreen from './tax-pnl-screen';

afterEach(() => vi.unstubAllGlobals());

const HOLDINGS = {
  items: [
    {
      symbol: 'RELIANCE',
      product: 'CNC',
      quantity: 100,
      averagePrice: '1430.10',
      lastPrice: '1500.00',
      isPriced: true,
      invested: '143010.00',
      currentValue: '150000.00',
      dayChange: '5000.00',
      dayChangePercent: '3.45',
      pnl: '6990.00',
      pnlPercent: '4.89',
    },
  ],
  summary: {
    invested: '143010.00',
    currentValue: '150000.00',
    dayPnl: '5000.00',
    dayPnlPercent: '3.45',
    pnl: '6990.00',
    pnlPercent: '4.89',
  },
};

const MONTHS = ['04', '05', '06', '07', '08', '09', '10', '11', '12', '01', '02', '03'].map(
  (month, index) => ({
    month: `${index < 9 ? 2026 : 2027}-${month}`,
    realised: month === '11' ? '981.27' : month === '09' ? '-1549.20' : '0.00',
  }),
);

const TAX_PNL = {
  financialYear: '2026-27',
  from: '2026-04-01',
  to: '2027-03-31',
  capitalGains: [
    {
      buyTradeId: '4',
      sellTradeId: '7',
      symbol: 'TCS',
      quantity: 5,
      buyDate: '2024-11-20',
      sellDate: '2026-11-25',
      term: 'long',
      buyValue: '15000.00',
      sellValue: '16000.00',
      charges: '18.73',
      stt: '31.00',
      gain: '981.27',
    },
  ],
  speculative: [
    {
      openTradeId: '20',
      closeTradeId: '21',
      symbol: 'SBIN',
      direction: 'short',
      quantity: 50,
      openDate: '2026-09-10',
      closeDate: '2026-09-10',
      buyValue: '40000.00',
      sellValue: '38500.00',
      charges: '49.20',
      pnl: '-1549.20',
    },
  ],
  unmatchedSales: [],
  totals: {
    shortTermGain: '0.00',
    longTermGain: '981.27',
    speculativePnl: '-1549.20',
    charges: '98.93',
    stt: '31.00',
    realised: '-567.93',
  },
  estimate: {
    ratesFrom: '2024-07-23',
    shortTermRatePercent: '20.00',
    longTermRatePercent: '12.50',
    longTermExemption: '125000.00',
    taxableShortTerm: '0.00',
    taxableLongTerm: '0.00',
    shortTermTax: '0.00',
    longTermTax: '0.00',
    totalTax: '0.00',
  },
  months: MONTHS,
};

/** Answers each call path with its data; records the bodies sent. */
function stubCalls(replies: Record<string, unknown>) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^.*\/api\/vue\//, '');
      sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return jsonResponse({ status: 1, data: replies[path] ?? null });
    }),
  );
  return sent;
}

describe('HoldingsScreen', () => {
  it('shows the totals and each holding with its P&L', async () => {
    stubCalls({ 'portfolio/holdings': HOLDINGS });
    await renderWithApp(<HoldingsScreen />);
    const summary = await screen.findByRole('region', { name: 'Holdings summary' });
    expect(within(summary).getByText('₹1,43,010.00')).toBeTruthy();
    expect(within(summary).getAllByText('+₹6,990.00 (+4.89%)').length).toBe(1);
    const list = screen.getByRole('list', { name: 'Holdings' });
    expect(within(list).getByText('RELIANCE')).toBeTruthy();
    expect(within(list).getByText('Qty 100 · Avg ₹1,430.10')).toBeTruthy();
  });

  it('says so when there is nothing held', async () => {
    stubCalls({ 'portfolio/holdings': { items: [], summary: { ...HOLDINGS.summary, invested: '0.00' } } });
    await renderWithApp(<HoldingsScreen />);
    expect(await screen.findByText(/No delivery holdings yet/)).toBeTruthy();
  });
});

describe('ContractNotesScreen', () => {
  it('lists each note with its date, number and what is paid or received', async () => {
    stubCalls({
      'contractNote/list': {
        items: [
          {
            id: '12',
            number: 'CN/2026-27/000123',
            tradeDate: '2026-11-25',
            tradeCount: 3,
            netObligation: '-158852.73',
            sha256: 'a'.repeat(64),
            createdAt: 1_795_000_000_000,
          },
        ],
      },
    });
    await renderWithApp(<ContractNotesScreen />);
    expect(await screen.findByText('CN/2026-27/000123')).toBeTruthy();
    expect(screen.getByText(/3 trades · You pay ₹\s*1,58,852.73/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download contract note CN/2026-27/000123' })).toBeTruthy();
  });
});

describe('TaxPnlScreen', () => {
  it('shows the year’s gains, speculative trades and the estimate, and switches years', async () => {
    const sent = stubCalls({ 'portfolio/taxPnl': TAX_PNL });
    await renderWithApp(<TaxPnlScreen />);
    expect(await screen.findByText('TCS')).toBeTruthy();
    expect(screen.getByText('LTCG')).toBeTruthy();
    expect(screen.getByText('SBIN')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Realised P&L by month' })).toBeTruthy();
    // A loss with the minus sign before the rupee sign.
    expect(screen.getAllByText('−₹1,549.20').length).toBeGreaterThan(0);
    expect(screen.getByText(/STCG 20.00%, LTCG 12.50% above ₹1,25,000.00/)).toBeTruthy();
    // The rates' date in words, as every other date of the app, not the server's "2024-07-23".
    expect(screen.getByText(/\(rates from 23 Jul 2024\)/)).toBeTruthy();
    const years = screen.getByRole('tablist', { name: 'Financial year' });
    const tabs = within(years).getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    fireEvent.click(tabs[1]!);
    await waitFor(() =>
      expect(sent.filter((call) => call.path === 'portfolio/taxPnl').map((call) => call.body)).toHaveLength(
        2,
      ),
    );
  });
});

describe('TaxPnlScreen in Hindi', () => {
  it('writes the rates’ date in Hindi, not as the server’s ISO date', async () => {
    stubCalls({ 'portfolio/taxPnl': TAX_PNL });
    await renderWithApp(<TaxPnlScreen />, { language: 'hi' });
    const note = await screen.findByText(/STCG 20.00%/);
    expect(note.textContent).not.toContain('2024-07-23');
    expect(note.textContent).toContain('23 जुल॰ 2024');
  });
});
