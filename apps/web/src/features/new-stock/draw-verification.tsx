import { differingAllotments, runDraw, seedCommitment } from '@nivesh/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoading } from '../../components/loading-overlay';
import { type DrawPublication, type Issue, useDrawPublication } from './api';
// The summary rows here are written out (stacked, with test ids) but styled as InfoRow's.
import '../../components/info-row.css';

export interface ReplayOutcome {
  seedMatches: boolean;
  differing: string[];
  entries: number;
  winners: number;
}

/**
 * Replays a published draw in the browser with the same code as the server (packages/core): checks
 * that the revealed seed hashes to the commitment shown before subscriptions closed, and that the
 * allotment follows from the seed and the entries.
 */
export function replayPublishedDraw(publication: DrawPublication): ReplayOutcome {
  const seed = publication.seed ?? '';
  const replay = runDraw({
    seed,
    offeredLots: publication.offeredLots,
    entries: publication.entries.map((entry) => ({ subscriptionId: entry.subscriptionId, lots: entry.lots })),
  });
  const published = new Map(publication.entries.map((entry) => [entry.subscriptionId, entry.wonLots ?? -1]));
  return {
    seedMatches: publication.seedCommitment !== null && seedCommitment(seed) === publication.seedCommitment,
    differing: differingAllotments(replay.allotments, published),
    entries: replay.allotments.length,
    winners: replay.allotments.filter((entry) => entry.wonLots > 0).length,
  };
}

/** "Verify the draw": the commitment, the revealed seed, and a replay in the browser. */
export function DrawVerification({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const drawn = issue.seed !== null;
  const publication = useDrawPublication(issue.id, drawn);
  const [outcome, setOutcome] = useState<ReplayOutcome | null>(null);
  return (
    <section className="card trade-card" id="verify" aria-labelledby="verify-title">
      <h2 id="verify-title" className="trade-section-title">
        {t('newStock.verify.title')}
      </h2>
      <p className="funds-dialog__text">{t('newStock.verify.explain')}</p>
      <dl className="info-list">
        <div className="info-row info-row--stacked">
          <dt className="info-row__label">{t('newStock.verify.commitment')}</dt>
          <dd className="info-row__value new-stock-hash">
            {issue.seedCommitment ?? t('newStock.verify.noCommitment')}
          </dd>
        </div>
        <div className="info-row info-row--stacked">
          <dt className="info-row__label">{t('newStock.verify.seed')}</dt>
          <dd className="info-row__value new-stock-hash">{issue.seed ?? t('newStock.verify.seedHidden')}</dd>
        </div>
      </dl>
      {drawn ? (
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={!publication.data}
          onClick={() => publication.data && setOutcome(replayPublishedDraw(publication.data))}
        >
          {t('newStock.verify.replay')}
        </button>
      ) : null}
      {drawn && publication.isPending ? <InlineLoading /> : null}
      {outcome ? (
        <div className="new-stock-verdict" role="status">
          <p className={outcome.seedMatches ? 'new-stock-ok' : 'new-stock-bad'}>
            {outcome.seedMatches ? t('newStock.verify.seedMatches') : t('newStock.verify.seedDiffers')}
          </p>
          <p className={outcome.differing.length === 0 ? 'new-stock-ok' : 'new-stock-bad'}>
            {outcome.differing.length === 0
              ? t('newStock.verify.allotmentMatches', { entries: outcome.entries, winners: outcome.winners })
              : t('newStock.verify.allotmentDiffers', { ids: outcome.differing.join(', ') })}
          </p>
        </div>
      ) : null}
    </section>
  );
}
