import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyUser } from '../../api/client';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { QueryState } from '../../components/query-state';
import { formatMoney } from '../../lib/money';
import { type ContractNote, downloadFile, useContractNotes } from './api';
import './portfolio.css';

function NoteRow({ note }: { note: ContractNote }) {
  const { t } = useTranslation();
  const [isDownloading, setIsDownloading] = useState(false);
  const isPayIn = note.netObligation.startsWith('-');
  const download = async () => {
    setIsDownloading(true);
    try {
      const fileName = `${note.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
      if (
        !(await downloadFile(
          { path: 'contractNote/pdf', body: { id: note.id } },
          fileName,
          'application/pdf',
        ))
      )
        notifyUser(t('portfolio.notes.downloadFailed'));
    } catch {
      notifyUser(t('portfolio.notes.downloadFailed'));
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <li className="portfolio-row">
      <div className="portfolio-row__main">
        <span className="portfolio-row__title">{note.tradeDate}</span>
        <span className="portfolio-row__meta">{note.number}</span>
        <span className="portfolio-row__meta">
          {t('portfolio.notes.trades', { count: note.tradeCount })} ·{' '}
          {t(isPayIn ? 'portfolio.notes.payIn' : 'portfolio.notes.payOut')} ₹
          {formatMoney(note.netObligation.replace('-', ''))}
        </span>
      </div>
      <div className="portfolio-row__side">
        <button
          type="button"
          className="portfolio-button"
          disabled={isDownloading}
          aria-label={t('portfolio.notes.downloadLabel', { number: note.number })}
          onClick={() => void download()}
        >
          {t('portfolio.notes.download')}
        </button>
      </div>
    </li>
  );
}

/** /information/contractNotes: the contract note of every day the investor traded (PDF). */
export default function ContractNotesScreen() {
  const { t } = useTranslation();
  const notes = useContractNotes();
  return (
    <FundsScreen>
      <QueryState query={notes}>
        {() =>
          notes.data?.items.length ? (
            <>
              <p className="portfolio-section-title">{t('portfolio.notes.intro')}</p>
              <ul className="portfolio-list" aria-label={t('route.information.contractNotes')}>
                {notes.data.items.map((note) => (
                  <NoteRow key={note.id} note={note} />
                ))}
              </ul>
            </>
          ) : (
            // The empty state says when a note is issued; the intro would say it twice.
            <EmptyState message={t('portfolio.notes.empty')} />
          )
        }
      </QueryState>
    </FundsScreen>
  );
}
