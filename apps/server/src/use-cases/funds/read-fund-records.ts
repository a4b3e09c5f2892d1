import type { BodyOf, DataOf, fundRecords } from '@nivesh/contract';
import { formatPaise, parsePaise } from '@nivesh/core';
import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { describeDestination, findDestination } from '../../repositories/payout-destination.repository.js';
import { DEPOSIT_KINDS, readPostingsOfEntries, WITHDRAWAL_KINDS } from '../ledger/read-statement.js';

type FundRecordsPage = DataOf<typeof fundRecords>;
type FundRecord = FundRecordsPage['items'][number];
const DEFAULT_LIMIT = 20;

/**
 * The spec's fund-record tabs, built on the statement: each record carries the ledger postings
 * behind it (the investor's own accounts only). Recharge lists deposits and withdrawal lists
 * withdrawals with their review state; trade lists every other entry on the investor's accounts
 * (orders, positions and the products: see read-statement's tab patterns), each already posted. Paged newest first by id.
 */
export async function readFundRecords(
  db: Db,
  context: UserContext,
  query: BodyOf<typeof fundRecords>,
): Promise<FundRecordsPage> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const userId = context.user.id;
  const before = query.cursor ? BigInt(query.cursor) : undefined;
  let items: FundRecord[];
  let ids: bigint[];
  if (query.tab === 'recharge') {
    let select = db
      .selectFrom('deposits as d')
      .innerJoin('deposit_channels as c', 'c.id', 'd.channel_id')
      .select([
        'd.id',
        'd.amount_minor',
        'd.currency',
        'd.payer_reference',
        'c.name as channel_name',
        'd.status',
        'd.reject_reason',
        'd.created_at',
        'd.reviewed_at',
        'd.entry_id',
      ])
      .where('d.user_id', '=', userId)
      .orderBy('d.id', 'desc')
      .limit(limit + 1);
    if (before) select = select.where('d.id', '<', before);
    const rows = await select.execute();
    ids = rows.map((row) => row.id);
    const page = rows.slice(0, limit);
    const postings = await readPostingsOfEntries(
      db,
      userId,
      page.flatMap((row) => (row.entry_id ? [row.entry_id] : [])),
    );
    items = page.map((row) => ({
      id: String(row.id),
      tab: 'recharge' as const,
      kind: 'deposit',
      status: row.status,
      amount: formatPaise(row.amount_minor),
      fee: '0.00',
      currency: row.currency,
      reference: row.payer_reference,
      detail: row.channel_name,
      rejectReason: row.reject_reason,
      createdAt: row.created_at.getTime(),
      decidedAt: row.reviewed_at?.getTime() ?? null,
      postings: postings.filter(
        (posting) => row.entry_id !== null && posting.entryId === String(row.entry_id),
      ),
    }));
  } else if (query.tab === 'withdrawal') {
    let select = db
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (before) select = select.where('id', '<', before);
    const rows = await select.execute();
    ids = rows.map((row) => row.id);
    const page = rows.slice(0, limit);
    const entryIds = page.flatMap((row) =>
      [row.hold_entry_id, row.settle_entry_id].filter((id): id is bigint => id !== null),
    );
    const postings = await readPostingsOfEntries(db, userId, entryIds);
    items = await Promise.all(
      page.map(async (row) => {
        const destination = await findDestination(db, row.destination_id);
        const own = new Set([row.hold_entry_id, row.settle_entry_id].filter((id) => id !== null).map(String));
        return {
          id: String(row.id),
          tab: 'withdrawal' as const,
          kind: 'withdrawal',
          status: row.status,
          amount: formatPaise(row.amount_minor),
          fee: formatPaise(row.fee_minor),
          currency: row.currency,
          reference: row.payout_reference,
          detail: destination ? describeDestination(destination) : null,
          rejectReason: row.reject_reason,
          createdAt: row.created_at.getTime(),
          decidedAt: row.reviewed_at?.getTime() ?? null,
          postings: postings.filter((posting) => own.has(posting.entryId)),
        };
      }),
    );
  } else {
    let select = db
      .selectFrom('journal_entries as e')
      .select(['e.id', 'e.kind', 'e.reference_id', 'e.created_at'])
      .where('e.kind', 'not like', DEPOSIT_KINDS)
      .where('e.kind', 'not like', WITHDRAWAL_KINDS)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('postings as p')
            .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
            .select('p.id')
            .whereRef('p.entry_id', '=', 'e.id')
            .where('a.owner_type', '=', 'user')
            .where('a.user_id', '=', userId),
        ),
      )
      .orderBy('e.id', 'desc')
      .limit(limit + 1);
    if (before) select = select.where('e.id', '<', before);
    const rows = await select.execute();
    ids = rows.map((row) => row.id);
    const page = rows.slice(0, limit);
    const postings = await readPostingsOfEntries(
      db,
      userId,
      page.map((row) => row.id),
    );
    items = page.map((row) => {
      const own = postings.filter((posting) => posting.entryId === String(row.id));
      const cash = own.filter((posting) => posting.account === 'cash');
      const net = cash.reduce((sum, posting) => {
        const parsed = parsePaise(posting.amount, { allowNegative: true });
        return parsed.ok ? sum + parsed.paise : sum;
      }, 0n);
      return {
        id: String(row.id),
        tab: 'trade' as const,
        kind: row.kind,
        status: 'posted' as const,
        amount: formatPaise(net),
        fee: '0.00',
        currency: own[0]?.currency ?? 'INR',
        reference: row.reference_id,
        detail: null,
        rejectReason: null,
        createdAt: row.created_at.getTime(),
        decidedAt: row.created_at.getTime(),
        postings: own,
      };
    });
  }
  return { items, nextCursor: ids.length > limit ? String(ids[limit - 1]) : null };
}
