import { describe, expect, it } from 'vitest';
import { collectAllCursorPages } from './csv';

describe('collectAllCursorPages', () => {
  it('follows nextCursor until the server has no more pages', async () => {
    const pages: Record<string, { items: number[]; nextCursor: string | null }> = {
      start: { items: [5, 4], nextCursor: '4' },
      '4': { items: [3, 2], nextCursor: '2' },
      '2': { items: [1], nextCursor: null },
    };
    const asked: (string | undefined)[] = [];
    const result = await collectAllCursorPages(async (cursor) => {
      asked.push(cursor);
      return pages[cursor ?? 'start']!;
    });
    expect(result).toEqual({ rows: [5, 4, 3, 2, 1], total: 5, truncated: false });
    expect(asked).toEqual([undefined, '4', '2']);
  });
});
