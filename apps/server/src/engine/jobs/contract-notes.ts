import { lastCloseAtOrBefore } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { issueContractNotesDue } from '../../use-cases/contract-notes/issue-contract-notes.js';

/**
 * Contract notes after each session close (docs/adr/0021-contract-notes.md). The sweep asks every
 * second; the work runs once per close (and again at engine start, which catches up a missed day),
 * and keeps running on later sweeps while a run leaves notes waiting or fails.
 */
export class ContractNotesJob {
  private doneForCloseMs = 0;

  async run(deps: AppDeps, nowMs: number): Promise<void> {
    const closeMs = lastCloseAtOrBefore(deps.calendar.current, nowMs);
    if (closeMs <= this.doneForCloseMs) return;
    const { issued, hasMore } = await issueContractNotesDue(deps, { nowMs });
    if (!hasMore) this.doneForCloseMs = closeMs;
    if (issued > 0) deps.log.info({ issued }, 'contract notes issued');
  }
}
