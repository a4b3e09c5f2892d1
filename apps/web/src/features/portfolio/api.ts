import type { CallData } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';

export { downloadFile } from '../../api/download-file';

export type Holdings = CallData<'portfolio/holdings'>;
export type HoldingRow = Holdings['items'][number];
export type ContractNote = CallData<'contractNote/list'>['items'][number];
export type TaxPnl = CallData<'portfolio/taxPnl'>;

/** Holdings at the market price; refreshed while the screen is open, as prices move. */
export function useHoldings() {
  return useApiQuery('portfolio/holdings', {}, { refetchInterval: 5_000 });
}

export function useContractNotes() {
  return useApiQuery('contractNote/list', { limit: 100 });
}

export function useTaxPnl(financialYear: string) {
  return useApiQuery('portfolio/taxPnl', { financialYear });
}

/** The financial year (April to March) of today in India, e.g. "2026-27", and the two before it. */
export function recentFinancialYears(nowMs: number): string[] {
  const ist = new Date(nowMs + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const startYear = ist.getUTCMonth() >= 3 ? year : year - 1;
  return [0, 1, 2].map((back) => {
    const start = startYear - back;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  });
}

/** Paise of a decimal-string amount ("-12.50" → -1250n): for scaling bars, never for arithmetic shown as money. */
export function paiseOf(amount: string): bigint {
  const [rupees = '0', paise = '00'] = amount.replace('-', '').split('.');
  const value = BigInt(rupees) * 100n + BigInt(paise.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
}
