import type { BodyOf, DataOf, newStockDraw } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import { findDrawEntries, findIssue } from '../../repositories/ipo.repository.js';

/** Names the published algorithm, so a replay knows which one it checks (docs/ipo-draw.md). */
export const DRAW_ALGORITHM =
  'nivesh-ipo-draw/1: lots as tickets, partial Fisher-Yates, HMAC-SHA256(seed, counter) stream';

/**
 * The draw as published for anyone to replay: the commitment, the revealed seed, the offered lots
 * and every entry by subscription id with its lots and the lots it won. No investor is named.
 * Before the draw the entries show no result (and no seed exists yet).
 */
export async function readIpoDraw(
  deps: AppDeps,
  input: BodyOf<typeof newStockDraw>,
): Promise<DataOf<typeof newStockDraw>> {
  const issue = (await findIssue(deps.db, { id: BigInt(input.issueId) })) ?? refuse('PRODUCT_NOT_FOUND');
  const drawn = issue.drawn_at !== null;
  const rows = await findDrawEntries(deps.db, issue.id);
  return {
    issueId: String(issue.id),
    code: issue.code,
    seedCommitment: issue.seed_commitment,
    seed: issue.seed,
    drawnAt: issue.drawn_at?.getTime() ?? null,
    lotSize: issue.lot_size,
    offeredLots: Number(issue.offered_shares / BigInt(issue.lot_size)),
    entries: rows.map((row) => ({
      subscriptionId: String(row.id),
      lots: row.lots,
      wonLots: drawn ? row.won_lots : null,
    })),
    algorithm: DRAW_ALGORITHM,
  };
}
