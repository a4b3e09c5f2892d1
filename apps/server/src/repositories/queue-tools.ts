import { type SelectQueryBuilder, sql } from 'kysely';

/** The queue tools' filters (ADR 0032), resolved to paise and instants by the use case. */
export interface QueueTools {
  /** Part of the phone number or of the real name (the query joins `users as u`). */
  investor?: string | undefined;
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  amountMinMinor?: bigint | undefined;
  amountMaxMinor?: bigint | undefined;
  reference?: string | undefined;
}

/**
 * What a review queue lists: the items in one status (of one investor, when given), oldest first
 * after `afterId`, at most `limit`, narrowed by the queue tools when given.
 */
export interface ReviewQueueFilter<Status> {
  status: Status;
  userId?: bigint | undefined;
  afterId?: bigint | undefined;
  limit: number;
  tools?: QueueTools | undefined;
}

/** The columns a queue's query filters on, by their aliased names (`d.created_at`). */
export interface QueueToolColumns {
  createdAt: string;
  amount?: string;
  reference?: string;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Adds the queue tools' filters to a review queue's select. The investor matches a part of the
 * phone or of the real name, wildcards in it taken literally; the reference matches exactly.
 */
// biome-ignore lint/suspicious/noExplicitAny: one helper for the deposit, withdrawal and KYC queries.
export function whereQueueTools<Select extends SelectQueryBuilder<any, any, any>>(
  select: Select,
  columns: QueueToolColumns,
  tools: QueueTools,
): Select {
  let query = select;
  if (tools.createdFrom) query = query.where(sql.ref(columns.createdAt), '>=', tools.createdFrom) as Select;
  if (tools.createdBefore)
    query = query.where(sql.ref(columns.createdAt), '<', tools.createdBefore) as Select;
  if (columns.amount && tools.amountMinMinor !== undefined) {
    query = query.where(sql.ref(columns.amount), '>=', tools.amountMinMinor) as Select;
  }
  if (columns.amount && tools.amountMaxMinor !== undefined) {
    query = query.where(sql.ref(columns.amount), '<=', tools.amountMaxMinor) as Select;
  }
  if (columns.reference && tools.reference)
    query = query.where(sql.ref(columns.reference), '=', tools.reference) as Select;
  if (tools.investor) {
    const pattern = `%${likeEscaped(tools.investor)}%`;
    query = query.where(sql<boolean>`(u.phone LIKE ${pattern} OR u.real_name ILIKE ${pattern})`) as Select;
  }
  return query;
}
