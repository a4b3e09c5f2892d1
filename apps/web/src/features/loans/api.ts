import { useQueryClient } from '@tanstack/react-query';
import type { CallData } from '../../api/calls';
import { useApiQuery, useFormMutation } from '../../api/hooks';

// Shapes of the credit-loan calls, from their definitions (packages/contract calls/loan.ts).

export type LoanInfo = CallData<'loan/info'>;
export type Loan = CallData<'loan/apply'>;
export type LoanState = Loan['state'];
export type LoanQuote = CallData<'loan/quote'>;

/** Read again every 30 s while an application waits for review, so the decision shows without a reload. */
export const useLoanInfo = () =>
  useApiQuery(
    'loan/info',
    {},
    { refetchInterval: (query) => (query.state.data?.current?.state === 'pending' ? 30_000 : false) },
  );

/** The interest of an amount and term, asked once the amount is a valid one. */
export function useLoanQuote(amount: string | null, termDays: number) {
  return useApiQuery(
    'loan/quote',
    { amount: amount ?? '0', termDays },
    { enabled: amount !== null, placeholderData: (previous) => previous, retry: false },
  );
}

export const useLoanRecords = () => useApiQuery('loan/records', { limit: 50 });

/** A loan write; refusals are shown next to the form. Loan reads and balances are read again after. */
export function useLoanMutation<Path extends 'loan/apply' | 'loan/repay'>(
  path: Path,
  onSuccess?: (loan: CallData<Path>) => void,
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (query) => /^(loan\/|user\/)/.test(String(query.queryKey[1] ?? '')),
    });
  return useFormMutation(path, refresh, onSuccess);
}

/** The daily rate as a percentage for people: 5 bps → "0.05". */
export function bpsAsPercent(bps: string): string {
  const [whole = '0', fraction = ''] = bps.split('.');
  const hundredths = BigInt(whole) * 10_000n + BigInt(`${fraction}0000`.slice(0, 4));
  // bps / 100 = percent, with up to 6 decimals, trailing zeros dropped.
  const text = `${hundredths / 1_000_000n}.${(hundredths % 1_000_000n).toString().padStart(6, '0')}`;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}
