import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyUser } from '../../api/client';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { BackHeader } from '../../components/back-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryState } from '../../components/query-state';
import { formatMoney } from '../../lib/money';
import './paper-screen.css';

/**
 * /information/paper: paper trading (docs/adr/0026-paper-trading.md). Switches this session between
 * the real account and the paper account, and resets the paper account after a confirmation. Every
 * query is read again after either, so each screen shows the book the session is now in.
 */
export default function PaperScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useApiQuery('paper/status', {});
  const [isConfirmingReset, setConfirmingReset] = useState(false);
  const readEverythingAgain = () => queryClient.invalidateQueries();
  const switchBook = useApiMutation('paper/switch', {
    onSuccess: (data) => {
      queryClient.setQueryData(apiQueryKey('paper/status', {}), data);
      notifyUser(t(data.active ? 'paper.switchedOn' : 'paper.switchedOff'));
      void readEverythingAgain();
    },
  });
  const reset = useApiMutation('paper/reset', {
    silent: true,
    onSuccess: (data) => {
      setConfirmingReset(false);
      queryClient.setQueryData(apiQueryKey('paper/status', {}), data);
      notifyUser(t('paper.resetDone', { amount: formatMoney(data.startingCash) }));
      void readEverythingAgain();
    },
  });

  return (
    <div className="screen paper-screen">
      <BackHeader fallbackPath="/information/index" />
      <QueryState query={status} errorMessage={status.error?.message}>
        {(paper) => {
          const amount = formatMoney(paper.startingCash);
          return (
            <>
              <section className={`card paper-card${paper.active ? ' paper-card--on' : ''}`}>
                <p className="paper-card__state">{t(paper.active ? 'paper.statusOn' : 'paper.statusOff')}</p>
                <p className="paper-card__intro">{t('paper.intro', { amount })}</p>
                <p className="paper-card__note">{t('paper.notAvailable')}</p>
                <p className="paper-card__note">{t('paper.onlyThisDevice')}</p>
                {paper.hasAccount ? (
                  <p className="paper-card__note">{t('paper.resets', { count: paper.resetCount })}</p>
                ) : null}
              </section>
              <div className="button-stack">
                <button
                  type="button"
                  className={`button button--block ${paper.active ? 'button--secondary' : 'button--primary'}`}
                  disabled={switchBook.isPending}
                  onClick={() => void switchBook.submit({ book: paper.active ? 'real' : 'paper' })}
                >
                  {t(paper.active ? 'paper.switchOff' : 'paper.switchOn')}
                </button>
                {paper.hasAccount ? (
                  <button
                    type="button"
                    className="button button--danger button--block"
                    onClick={() => setConfirmingReset(true)}
                  >
                    {t('paper.reset')}
                  </button>
                ) : null}
              </div>
              {isConfirmingReset ? (
                <ConfirmDialog
                  title={t('paper.resetTitle')}
                  confirmLabel={t('paper.resetConfirm')}
                  call={reset}
                  onConfirm={() => void reset.submit({})}
                  onCancel={() => setConfirmingReset(false)}
                >
                  <p className="paper-card__intro">{t('paper.resetBody', { amount })}</p>
                </ConfirmDialog>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
