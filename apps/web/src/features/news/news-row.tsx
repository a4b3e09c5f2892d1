import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIstDateTime } from '../../lib/date-time';
import type { NewsSummary } from './api';
import './news.css';

/** One row of a news list: cover (when there is one), title, summary and publish time. */
export function NewsRow({ item, isCompact = false }: { item: NewsSummary; isCompact?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <li className={`news-row${isCompact ? ' news-row--compact' : ''}`}>
      <Link to={`/home/newsDetail?id=${encodeURIComponent(item.id)}`} className="news-row__link">
        <div className="news-row__text">
          <p className="news-row__title">{item.title}</p>
          {isCompact ? null : <p className="news-row__summary">{item.summary}</p>}
          <p className="news-row__time">{formatIstDateTime(item.publishedAt, i18n.language)}</p>
        </div>
        {item.coverUrl ? (
          <img
            className="news-row__cover"
            src={item.coverUrl}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        ) : null}
      </Link>
    </li>
  );
}
