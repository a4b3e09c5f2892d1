import type { BodyOf, DataOf, searchUsers as searchUsersCall } from '@nivesh/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsPattern, pageWindow } from '../../repositories/paging.js';

/**
 * Finds investors for the console. A query of digits matches the id exactly or the phone in part;
 * other text matches the KYC name in part, case-insensitively. Newest accounts first.
 */
export async function searchUsers(
  db: Db,
  input: BodyOf<typeof searchUsersCall>,
): Promise<DataOf<typeof searchUsersCall>> {
  const { page, pageSize, offset } = pageWindow(input);
  const query = input.query?.trim() ?? '';
  let select = db.selectFrom('users');
  if (query !== '') {
    const pattern = containsPattern(query);
    select = /^[0-9]{1,19}$/.test(query)
      ? select.where((eb) => eb.or([eb('users.id', '=', BigInt(query)), eb('users.phone', 'like', pattern)]))
      : select.where('users.real_name', 'ilike', pattern);
  }
  if (input.kycStatus) select = select.where('users.kyc_status', '=', input.kycStatus);
  if (input.flag) {
    const flag = input.flag;
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_flags')
          .select('user_flags.user_id')
          .whereRef('user_flags.user_id', '=', 'users.id')
          .where('user_flags.flag', '=', flag),
      ),
    );
  }
  const [counted, rows] = await Promise.all([
    select.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
    select
      .select([
        'users.id',
        'users.phone',
        'users.real_name',
        'users.kyc_status',
        'users.day_trading_status',
        'users.credit_score',
        'users.created_at',
        sql<
          string[]
        >`coalesce((SELECT array_agg(flag ORDER BY flag) FROM user_flags WHERE user_flags.user_id = users.id), '{}')`.as(
          'flags',
        ),
      ])
      .orderBy('users.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      phone: row.phone,
      realName: row.real_name,
      kycStatus: row.kyc_status,
      dayTradingStatus: row.day_trading_status,
      creditScore: row.credit_score,
      flags: row.flags,
      createdAt: row.created_at.getTime(),
    })),
    total: Number(counted.count),
    page,
    pageSize,
  };
}
