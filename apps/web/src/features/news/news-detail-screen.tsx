import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { formatIstDateTime } from '../../lib/date-time';
import { useNewsDetail } from './api';
import './news.css';

/** /home/newsDetail?id=…: one news item with its cover and rich-text body. */
export default function NewsDetailScreen() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const detail = useNewsDetail(id);

  let content: React.ReactNode;
  if (!/^[0-9]{1,19}$/.test(id)) content = <EmptyState message={t('news.notFound')} />;
  else if (detail.isPending) content = <InlineLoading />;
  else if (detail.isError)
    content = (
      <NetworkError
        onRetry={() => void detail.refetch()}
        isRetrying={detail.isFetching}
        message={detail.error.message}
      />
    );
  else
    content = (
      <article className="card news-article" lang={detail.data.language}>
        <h2 className="news-article__title">{detail.data.title}</h2>
        <p className="news-article__time">{formatIstDateTime(detail.data.publishedAt, i18n.language)}</p>
        {detail.data.coverUrl ? (
          <img
            className="news-article__cover"
            src={detail.data.coverUrl}
            alt=""
            referrerPolicy="no-referrer"
          />
        ) : null}
        <div
          className="news-article__body"
          // Rendering HTML is acceptable here ONLY because the server sanitises every body by an
          // allow-list when staff save it (no script, style, frame, form, event handler or
          // javascript: link; links get rel="noopener noreferrer nofollow"; images https only), and
          // the app shows nothing but the server's sanitised bodyHtml. Never pass other HTML here.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list (see above).
          dangerouslySetInnerHTML={{ __html: detail.data.bodyHtml }}
        />
      </article>
    );

  return (
    <div className="screen news-screen">
      <BackHeader fallbackPath="/home/newsList" />
      {content}
    </div>
  );
}
