import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestNews } from './api';
import { NewsRow } from './news-row';
import './news.css';

/** The newest few news items on the home screen; shows nothing while there are none or on failure. */
export function LatestNewsCard() {
  const { t } = useTranslation();
  const news = useLatestNews();
  const items = news.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="card latest-news" aria-labelledby="latest-news-title">
      <div className="latest-news__head">
        <h2 id="latest-news-title" className="latest-news__title">
          {t('news.latest')}
        </h2>
        <Link to="/home/newsList" className="link-button">
          {t('news.more')}
        </Link>
      </div>
      <ul className="news-list news-list--compact">
        {items.map((item) => (
          <NewsRow key={item.id} item={item} isCompact />
        ))}
      </ul>
    </section>
  );
}
