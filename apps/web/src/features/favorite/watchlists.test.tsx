import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateWatchlistName, type Watchlist } from '../../api/watchlists';
import { jsonResponse, renderWithApp } from '../../test/render';
import { CreateListForm } from './create-list-form';
import { moveSymbol } from './favorite-manage-screen';

afterEach(() => vi.unstubAllGlobals());

const LISTS: Watchlist[] = [{ id: '1', name: 'Watchlist', symbols: ['TCS', 'INFY'] }];

describe('validateWatchlistName', () => {
  it('wants a name, at most 40 characters, not already used (ignoring case and spaces)', () => {
    expect(validateWatchlistName('   ', LISTS)).toBe('favorite.validation.nameRequired');
    expect(validateWatchlistName('x'.repeat(41), LISTS)).toBe('favorite.validation.nameTooLong');
    expect(validateWatchlistName(' watchlist ', LISTS)).toBe('favorite.validation.nameTaken');
    expect(validateWatchlistName('Banks', LISTS)).toBeUndefined();
  });
});

describe('moveSymbol', () => {
  it('moves one place and stays inside the list', () => {
    expect(moveSymbol(['A', 'B', 'C'], 2, -1)).toEqual(['A', 'C', 'B']);
    expect(moveSymbol(['A', 'B', 'C'], 0, 1)).toEqual(['B', 'A', 'C']);
    expect(moveSymbol(['A', 'B', 'C'], 0, -1)).toEqual(['A', 'B', 'C']);
    expect(moveSymbol(['A', 'B', 'C'], 2, 1)).toEqual(['A', 'B', 'C']);
  });
});

describe('CreateListForm', () => {
  it('refuses an empty or taken name in the user’s language without calling the server', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<CreateListForm lists={LISTS} onCreated={() => undefined} />, { language: 'hi' });

    fireEvent.click(screen.getByRole('button', { name: 'बनाएँ' }));
    expect(screen.getByText('वॉचलिस्ट का नाम दर्ज करें')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('नई वॉचलिस्ट का नाम'), { target: { value: 'WATCHLIST' } });
    fireEvent.click(screen.getByRole('button', { name: 'बनाएँ' }));
    expect(screen.getByText('इस नाम की वॉचलिस्ट पहले से है')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('creates the list with the trimmed name and clears the field', async () => {
    const created = { id: '2', name: 'Banks', symbols: [] };
    const fetchStub = vi.fn<typeof fetch>(async () =>
      jsonResponse({ status: 1, msg: 'Added', data: created }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onCreated = vi.fn();
    await renderWithApp(<CreateListForm lists={LISTS} onCreated={onCreated} />);

    fireEvent.change(screen.getByLabelText('New watchlist name'), { target: { value: '  Banks ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({ name: 'Banks' });
    expect((screen.getByLabelText('New watchlist name') as HTMLInputElement).value).toBe('');
  });
});
