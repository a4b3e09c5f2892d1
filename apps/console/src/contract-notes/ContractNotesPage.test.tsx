import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffContractNote } from '../api/contract-note-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { ContractNotesPage } from './ContractNotesPage';

const note: StaffContractNote = {
  id: '12',
  number: 'CN/2026-27/000123',
  tradeDate: '2026-11-23',
  tradeCount: 3,
  netObligation: '-158852.73',
  sha256: 'ab'.repeat(32),
  createdAt: Date.UTC(2026, 10, 23, 10, 1),
  userId: '7',
  phone: '9876543210',
  realName: 'Asha Rao',
};

describe('contract notes in the console', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'compliance-token'));

  it('lists notes and searches by mobile or user id and trade dates', async () => {
    const api = stubConsoleApi({ 'contractNotes/list': ok({ items: [note] }) });
    renderWithProviders(<ContractNotesPage />);
    expect(await screen.findByText('CN/2026-27/000123')).toBeTruthy();
    expect(screen.getByText('Asha Rao (#7, 9876543210)')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('user id or mobile'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getAllByPlaceholderText('YYYY-MM-DD')[0]!, { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByText('Search').closest('button')!);
    await waitFor(() =>
      expect(api.callsTo('contractNotes/list').at(-1)?.body).toEqual({
        phone: '9876543210',
        from: '2026-11-01',
        limit: 100,
      }),
    );

    fireEvent.change(screen.getByPlaceholderText('user id or mobile'), { target: { value: '7' } });
    fireEvent.change(screen.getAllByPlaceholderText('YYYY-MM-DD')[0]!, { target: { value: '' } });
    fireEvent.click(screen.getByText('Search').closest('button')!);
    await waitFor(() =>
      expect(api.callsTo('contractNotes/list').at(-1)?.body).toEqual({ userId: '7', limit: 100 }),
    );
  });
});
