import { type DrawAllotment, differingAllotments, runDraw, seedMatchesCommitment } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { findDrawEntries, findIssue } from '../../repositories/ipo.repository.js';

export interface DrawVerification {
  code: string;
  issueId: string;
  status: 'not_found' | 'not_drawn' | 'verified' | 'differs';
  commitmentMatches: boolean;
  /** The replayed allotment, in draw order. */
  replayed: DrawAllotment[];
  /** Subscriptions whose stored result is not the replay's (empty when verified). */
  differing: string[];
}

/**
 * Replays an issue's draw from what the database holds (seed, offered lots, subscriptions by id)
 * and compares it with the stored allotment: the `npm run ipo:verify` command, and a test.
 */
export async function verifyIpoDraw(db: Db, codeOrId: string): Promise<DrawVerification> {
  const issue =
    (await findIssue(db, { code: codeOrId })) ??
    (/^[0-9]{1,19}$/.test(codeOrId) ? await findIssue(db, { id: BigInt(codeOrId) }) : undefined);
  const empty = { replayed: [], differing: [], commitmentMatches: false };
  if (!issue) return { code: codeOrId, issueId: '', status: 'not_found', ...empty };
  if (issue.drawn_at === null || issue.seed === null || issue.seed_commitment === null) {
    return { code: issue.code, issueId: String(issue.id), status: 'not_drawn', ...empty };
  }
  const rows = await findDrawEntries(db, issue.id);
  const replay = runDraw({
    seed: issue.seed,
    offeredLots: Number(issue.offered_shares / BigInt(issue.lot_size)),
    entries: rows.map((row) => ({ subscriptionId: String(row.id), lots: row.lots })),
  });
  const stored = new Map<string, number>();
  for (const row of rows) {
    // A stored share count that is not the won lots in shares counts as a difference too.
    const consistent = row.allotted_shares === BigInt((row.won_lots ?? 0) * issue.lot_size);
    stored.set(String(row.id), consistent ? (row.won_lots ?? -1) : -1);
  }
  const differing = differingAllotments(replay.allotments, stored);
  const commitmentMatches = seedMatchesCommitment(issue.seed, issue.seed_commitment);
  return {
    code: issue.code,
    issueId: String(issue.id),
    status: differing.length === 0 && commitmentMatches ? 'verified' : 'differs',
    commitmentMatches,
    replayed: replay.allotments,
    differing,
  };
}
