import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  BankMapping,
  MatchedPair,
  StatementMatches,
  StatementSummary,
} from '../api/bank-statement-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { BankMappingsTab } from './BankMappingsTab';
import { StatementsTab } from './StatementsTab';

/*
 * The bank statements page (docs/adr/0032-bank-statement-matching.md): each bank's columns saved
 * with a reason, a statement uploaded with them, its credits shown beside the deposits they match,
 * the ones left unmatched on both sides, and the matched ones approved in bulk after a confirmation.
 */

const AT = Date.UTC(2026, 3, 5, 5, 0);
const hdfc: BankMapping = {
  id: '3',
  bankName: 'HDFC Bank',
  date: 'Date',
  narration: 'Narration',
  reference: 'Chq./Ref.No.',
  debit: 'Withdrawal Amt.',
  credit: 'Deposit Amt.',
  balance: 'Closing Balance',
  updatedBy: 'priya',
  updatedAt: AT,
};
const statement: StatementSummary = {
  id: '7',
  bankName: 'HDFC Bank',
  fileName: 'hdfc-april.csv',
  firstDate: '2026-04-01',
  lastDate: '2026-04-04',
  lineCount: 5,
  creditCount: 5,
  creditTotal: '97499.50',
  debitCount: 0,
  debitTotal: '0.00',
  matchedCount: 0,
  uploadedBy: 'priya',
  uploadedAt: AT,
};
type Line = MatchedPair['line'];
type Deposit = MatchedPair['deposit'];
const line = (number: number, reference: string, credit: string): Line => ({
  id: `10${number}`,
  lineNumber: number + 5,
  date: `2026-04-0${number}`,
  narration: `UPI-PAYER-${reference}`,
  reference,
  debit: '0.00',
  credit,
  balance: null,
  depositId: null,
  withdrawalId: null,
});
const deposit = (id: string, investor: string, payerReference: string, amount: string): Deposit => ({
  id,
  investor,
  payerReference,
  amount,
  createdAt: AT - 86_400_000,
  status: 'pending',
  secondApprovalBy: null,
});
const pairs: MatchedPair[] = [
  {
    line: line(1, '612345678900', '12500.00'),
    deposit: deposit('41', 'Asha Verma', '612345678900', '12500.00'),
  },
  {
    line: line(2, '612345678901', '25000.50'),
    deposit: deposit('42', 'Ravi Kumar', '612345678901', '25000.50'),
  },
  {
    line: line(3, '612345678902', '40000.00'),
    deposit: deposit('43', 'Meera Iyer', '612345678902', '40000.00'),
  },
];
const matches: StatementMatches = {
  statement,
  matched: pairs,
  awaitingSecondApproval: [],
  settled: [],
  amountMismatches: [
    {
      line: line(4, '612345678903', '10000.00'),
      deposit: deposit('44', 'Kiran Shah', '612345678903', '1000.00'),
    },
  ],
  ambiguous: [],
  amountCandidates: [],
  unmatchedLines: [line(5, '799999999999', '9999.00')],
  unmatchedDeposits: [deposit('45', 'Dev Patel', '612345678909', '2500.00')],
};

const lastDialog = () => screen.getAllByRole('dialog').at(-1)!;

// Antd forms and tables of several rows render slowly in jsdom on a busy machine.
describe('bank statements', { timeout: 60_000 }, () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'finance-token'));

  it("adds a bank's columns and changes one, each with a reason after a confirmation", async () => {
    const api = stubConsoleApi({
      'bankStatements/mappings': ok({ items: [hdfc] }),
      'bankStatements/saveMapping': (body) => ok({ ...hdfc, ...(body as object), id: '4' }),
    });
    renderWithProviders(<BankMappingsTab />);
    expect(await screen.findByText('Closing Balance')).toBeTruthy();

    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Bank', 'Axis Bank');
    type('Date column', 'Tran Date');
    type('Narration column', 'PARTICULARS');
    type('Reference / UTR column', 'CHQNO');
    type('Debit column', 'DR');
    type('Credit column', 'CR');
    type('Reason', 'the second collection account is at Axis');
    fireEvent.click(screen.getByRole('button', { name: 'Add the bank' }));
    await screen.findByText('Add Axis Bank?');
    expect(api.callsTo('bankStatements/saveMapping')).toHaveLength(0);
    fireEvent.click(within(lastDialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: Axis Bank')).toBeTruthy();
    // No balance column typed: sent as none, never as an empty name.
    expect(api.callsTo('bankStatements/saveMapping')[0]?.body).toEqual({
      bankName: 'Axis Bank',
      date: 'Tran Date',
      narration: 'PARTICULARS',
      reference: 'CHQNO',
      debit: 'DR',
      credit: 'CR',
      balance: null,
      reason: 'the second collection account is at Axis',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Change the columns of HDFC Bank')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Credit column').value).toBe('Deposit Amt.');
    type('Credit column', 'Deposit Amount');
    type('Reason', 'HDFC renamed the column in its new export');
    fireEvent.click(screen.getByRole('button', { name: 'Save the change' }));
    await screen.findByText('Change the columns of HDFC Bank?');
    fireEvent.click(within(lastDialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('bankStatements/saveMapping')).toHaveLength(2));
    expect(api.callsTo('bankStatements/saveMapping')[1]?.body).toMatchObject({
      id: '3',
      bankName: 'HDFC Bank',
      credit: 'Deposit Amount',
      balance: 'Closing Balance',
      reason: 'HDFC renamed the column in its new export',
    });
  });

  it('uploads a statement with the chosen bank and shows its credits beside the deposits they match', async () => {
    let uploaded = false;
    const api = stubConsoleApi({
      'bankStatements/mappings': ok({ items: [hdfc] }),
      'bankStatements/list': () => ok({ items: uploaded ? [statement] : [] }),
      'bankStatements/upload': () => {
        uploaded = true;
        return ok(statement);
      },
      'bankStatements/matches': ok(matches),
    });
    renderWithProviders(<StatementsTab />);
    expect(await screen.findByText('No statement uploaded yet.')).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Upload and match' }) as HTMLButtonElement;
    // Neither a bank nor a file yet.
    expect(upload.disabled).toBe(true);

    fireEvent.mouseDown(screen.getByLabelText('Bank'));
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option[title="HDFC Bank"]')).toBeTruthy(),
    );
    fireEvent.click(document.querySelector('.ant-select-item-option[title="HDFC Bank"]')!);
    const text = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\r\n';
    fireEvent.change(screen.getByLabelText('Statement CSV'), {
      target: { files: [new File([text], 'hdfc-april.csv', { type: 'text/csv' })] },
    });
    await waitFor(() => expect(upload.disabled).toBe(false));
    fireEvent.click(upload);

    expect(await screen.findByText('Statement 7 stored: 5 lines')).toBeTruthy();
    expect(api.callsTo('bankStatements/upload')[0]?.body).toEqual({
      mappingId: '3',
      fileName: 'hdfc-april.csv',
      text,
    });
    // The statement uploaded opens at once: its matching, side by side.
    expect(await screen.findByText('Statement 7: HDFC Bank, 2026-04-01 to 2026-04-04')).toBeTruthy();
    await screen.findByText('UTR 612345678900');
    expect(api.callsTo('bankStatements/matches')[0]?.body).toEqual({ statementId: '7' });
    for (const pair of pairs) expect(screen.getByText(`UTR ${pair.deposit.payerReference}`)).toBeTruthy();
    // The credit and the deposit's amount side by side.
    expect(screen.getAllByText('₹25,000.50', { selector: '.amount' })).toHaveLength(2);
    // A UTR with another amount is shown apart, never approvable from here.
    expect(screen.getByText('UTR found, amount differs: never approved from here')).toBeTruthy();
    expect(screen.queryByLabelText('Select line 9')).toBeNull();
    // What is left unmatched on each side.
    expect(screen.getByText('Credits not matched (1)')).toBeTruthy();
    expect(screen.getByText('UPI-PAYER-799999999999')).toBeTruthy();
    expect(screen.getByText('Pending deposits not on this statement (1)')).toBeTruthy();
    expect(screen.getByText('UTR 612345678909')).toBeTruthy();
  });

  it('approves the chosen matches in bulk with one reason, after confirming their total', async () => {
    const api = stubConsoleApi({
      'bankStatements/mappings': ok({ items: [hdfc] }),
      'bankStatements/list': ok({ items: [statement] }),
      'bankStatements/matches': ok(matches),
      'bankStatements/approveDeposits': ok({
        results: [
          { lineId: '101', depositId: '41', outcome: 'approved' },
          { lineId: '103', depositId: '43', outcome: 'awaiting_second_approval' },
        ],
      }),
    });
    renderWithProviders(<StatementsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Match' }));
    await screen.findByText('UTR 612345678900');
    const approve = () => screen.getByRole('button', { name: /^Approve selected/ }) as HTMLButtonElement;
    fireEvent.click(screen.getByLabelText('Select line 6'));
    fireEvent.click(screen.getByLabelText('Select line 8'));
    expect(approve().textContent).toBe('Approve selected (2)');
    // A reason is required.
    expect(approve().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for the bulk approval'), {
      target: { value: 'matched to the HDFC statement of April' },
    });
    expect(approve().disabled).toBe(false);
    fireEvent.click(approve());
    await screen.findByText('Approve 2 deposits from the statement?');
    // 12,500.00 + 40,000.00, summed in paise.
    expect(lastDialog().textContent).toContain('Credits ₹52,500.00 to 2 investors');
    expect(api.callsTo('bankStatements/approveDeposits')).toHaveLength(0);
    fireEvent.click(within(lastDialog()).getByRole('button', { name: 'Approve and credit' }));

    expect(
      await screen.findByText(
        '1 deposit approved and credited; 1 above the threshold wait for a second staff member',
      ),
    ).toBeTruthy();
    expect(api.callsTo('bankStatements/approveDeposits')[0]?.body).toEqual({
      statementId: '7',
      pairs: [
        { lineId: '101', depositId: '41' },
        { lineId: '103', depositId: '43' },
      ],
      reason: 'matched to the HDFC statement of April',
    });
  });

  it('says why a statement was not stored', async () => {
    stubConsoleApi({
      'bankStatements/mappings': ok({ items: [hdfc] }),
      'bankStatements/list': ok({ items: [] }),
      'bankStatements/upload': {
        status: 409,
        body: {
          status: 0,
          code: 'STATEMENT_ALREADY_UPLOADED',
          msg: 'This statement was already uploaded',
          params: {},
        },
      },
    });
    renderWithProviders(<StatementsTab />);
    fireEvent.mouseDown(await screen.findByLabelText('Bank'));
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option[title="HDFC Bank"]')).toBeTruthy(),
    );
    fireEvent.click(document.querySelector('.ant-select-item-option[title="HDFC Bank"]')!);
    fireEvent.change(screen.getByLabelText('Statement CSV'), {
      target: { files: [new File(['Date\r\n'], 'again.csv', { type: 'text/csv' })] },
    });
    const upload = screen.getByRole('button', { name: 'Upload and match' }) as HTMLButtonElement;
    await waitFor(() => expect(upload.disabled).toBe(false));
    fireEvent.click(upload);
    expect(await screen.findByText('Statement not stored')).toBeTruthy();
    expect(screen.getByText('This statement was already uploaded')).toBeTruthy();
    expect(screen.queryByText(/stored: /)).toBeNull();
  });
});
