import { describe, expect, it, vi } from 'vitest';
import { collectAllPages, toCsv } from './csv';
import { formatRupees } from './format';

describe('CSV export', () => {
  it('quotes commas and quotes, and defuses spreadsheet formulas but not negative amounts', () => {
    const csv = toCsv(
      [
        { header: 'name', value: (row: { name: string; amount: string }) => row.name },
        { header: 'amount', value: (row) => row.amount },
      ],
      [
        { name: 'Rao, "Bharat"', amount: '-25.00' },
        { name: '=HYPERLINK("x")', amount: '10.00' },
      ],
    );
    expect(csv).toBe('name,amount\r\n"Rao, ""Bharat""",-25.00\r\n"\'=HYPERLINK(""x"")",10.00\r\n');
  });

  it('reads every page the filter matches, 100 rows at a time', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => index);
    const fetchPage = vi.fn(async (query: { page?: number; pageSize?: number; kind?: string }) => {
      const start = ((query.page ?? 1) - 1) * (query.pageSize ?? 20);
      return {
        items: rows.slice(start, start + (query.pageSize ?? 20)),
        total: rows.length,
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 20,
      };
    });
    const result = await collectAllPages(fetchPage, { kind: 'deposit_approved' });
    expect(result).toEqual({ rows, total: 250, truncated: false });
    expect(fetchPage.mock.calls.map(([query]) => query)).toEqual([
      { kind: 'deposit_approved', page: 1, pageSize: 100 },
      { kind: 'deposit_approved', page: 2, pageSize: 100 },
      { kind: 'deposit_approved', page: 3, pageSize: 100 },
    ]);
  });
});

describe('rupees for staff', () => {
  it('groups the Indian way without floating point', () => {
    expect(formatRupees('1234567.50')).toBe('₹12,34,567.50');
    expect(formatRupees('-100000.00')).toBe('-₹1,00,000.00');
    expect(formatRupees('999.00')).toBe('₹999.00');
    expect(formatRupees('oops')).toBe('₹0.00');
  });
});
