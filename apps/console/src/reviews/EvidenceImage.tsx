import { useQuery } from '@tanstack/react-query';
import { Image, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { describeError } from '../api/client';
import { fetchEvidence } from '../api/review-calls';

/**
 * An evidence file (a KYC side, a deposit receipt) read with the staff token and shown from a blob
 * URL: the file never gets a public address. A PDF receipt opens in a new tab instead.
 */
export function EvidenceImage({ uploadId, label }: { uploadId: string; label: string }) {
  const file = useQuery({
    queryKey: ['evidence', uploadId],
    queryFn: ({ signal }) => fetchEvidence(uploadId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const objectUrl = URL.createObjectURL(file.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file.data]);

  if (file.error) return <Typography.Text type="danger">{describeError(file.error)}</Typography.Text>;
  if (!url || !file.data) return <Spin size="small" />;
  if (file.data.type === 'application/pdf')
    return (
      <a href={url} target="_blank" rel="noreferrer">
        {label} (PDF)
      </a>
    );
  return (
    <figure className="evidence">
      <Image src={url} alt={label} width={112} height={72} className="evidence-image" />
      <figcaption>{label}</figcaption>
    </figure>
  );
}
