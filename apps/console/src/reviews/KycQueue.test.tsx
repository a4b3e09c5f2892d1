import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycItem } from '../api/review-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { KycQueue } from './KycQueue';

const submission: KycItem = {
  id: '12',
  investor: { userId: '7', phone: '9876543210', realName: null },
  realName: 'Asha Rao',
  idType: 'aadhaar',
  idNumber: 'XXXX XXXX 2346',
  frontImage: 'a'.repeat(32),
  backImage: 'b'.repeat(32),
  status: 'pending',
  rejectReason: null,
  submittedAt: Date.UTC(2026, 10, 23, 4, 0),
  reviewedBy: null,
  reviewedAt: null,
};

describe('the KYC queue', () => {
  beforeEach(() => {
    sessionStorage.setItem('staffToken', 'compliance-token');
    URL.createObjectURL = vi.fn(() => 'blob:evidence');
    URL.revokeObjectURL = vi.fn();
  });

  it('shows the name, the masked number and both images read with the staff token', async () => {
    const api = stubConsoleApi({
      'kyc/list': ok({ items: [submission], nextCursor: null }),
      [`uploads/${'a'.repeat(32)}`]: { status: 200, body: 'front' },
      [`uploads/${'b'.repeat(32)}`]: { status: 200, body: 'back' },
    });
    renderWithProviders(<KycQueue />);
    expect(await screen.findByText('Asha Rao')).toBeTruthy();
    expect(screen.getByText('XXXX XXXX 2346')).toBeTruthy();
    expect(await screen.findByAltText('Front')).toBeTruthy();
    expect(await screen.findByAltText('Back')).toBeTruthy();
    const reads = api.calls.filter((call) => call.path.startsWith('uploads/'));
    expect(reads).toHaveLength(2);
    for (const read of reads) expect(read.headers['x-staff-token']).toBe('compliance-token');
  });

  it('verifies after confirming, sending only the id', async () => {
    const api = stubConsoleApi({
      'kyc/list': ok({ items: [submission], nextCursor: null }),
      [`uploads/${'a'.repeat(32)}`]: { status: 200, body: 'front' },
      [`uploads/${'b'.repeat(32)}`]: { status: 200, body: 'back' },
      'kyc/approve': ok({ ...submission, status: 'verified', reviewedBy: 'meera' }),
    });
    renderWithProviders(<KycQueue />);
    fireEvent.click((await screen.findByText('Verify')).closest('button')!);
    await screen.findByText('Verify KYC 12?');
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    expect(dialog.textContent).toContain('Asha Rao');
    fireEvent.click(within(dialog).getByText('Verify').closest('button')!);
    expect(await screen.findByText('KYC 12 verified: Asha Rao')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('kyc/approve')[0]?.body).toEqual({ id: '12' }));
  });
});
