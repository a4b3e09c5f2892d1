import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { useBlockList } from './api';
import { BlockInstrumentList } from './block-instrument-list';
import { BlockWindowCard } from './block-window-card';
import './block.css';

/** How many instruments the home tab shows before "all block deals". */
const HOME_PREVIEW_COUNT = 4;

/** The home screen's block deal tab: the window state and countdown, and the first references. */
export function BlockDealPanel() {
  const { t } = useTranslation();
  const list = useBlockList();
  if (list.isPending) return <InlineLoading />;
  if (list.isError || !list.data) {
    return <NetworkError compact onRetry={() => void list.refetch()} isRetrying={list.isFetching} />;
  }
  const { window, rules, items } = list.data;
  const withReference = items.filter((item) => item.reference);
  const preview = (withReference.length > 0 ? withReference : items).slice(0, HOME_PREVIEW_COUNT);
  return (
    <div className="block-panel">
      <BlockWindowCard window={window} rules={rules} />
      <BlockInstrumentList items={preview} />
      <div className="block-panel__links">
        <Link to="/home/blockTrade" className="button button--primary">
          {t('block.home.all', { total: items.length })}
        </Link>
        <Link to="/home/blockTrade3" className="button button--secondary">
          {t('block.records.link')}
        </Link>
      </div>
    </div>
  );
}
