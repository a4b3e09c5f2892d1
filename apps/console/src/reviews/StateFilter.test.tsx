import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QueueFilter } from '../api/review-calls';
import { APPROVAL_STATES, QueueStatusFilter } from './StateFilter';

describe('the state filter of a KYC or funds queue', () => {
  it('shows pending while the list has no status, and sets the status chosen', () => {
    const list = { filter: {} as QueueFilter, setFilter: vi.fn() };
    render(<QueueStatusFilter list={list} states={APPROVAL_STATES} />);
    expect(screen.getByRole('radio', { name: 'Pending' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByText('Rejected'));
    expect(list.setFilter).toHaveBeenCalledWith({ status: 'rejected' });
  });
});
