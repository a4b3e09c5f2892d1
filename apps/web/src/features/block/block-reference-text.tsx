import { useTranslation } from 'react-i18next';
import { formatIstDateTime } from '../../lib/date-time';
import type { BlockReference } from './api';

/** How a reference was made: "Previous close, 20 Nov 2026, 3:29 pm" or "VWAP 13:45–14:00 …". */
export function BlockReferenceBasis({ reference }: { reference: BlockReference }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="block-basis">
      {t(`block.basis.${reference.basis}`)} · {formatIstDateTime(reference.sourceAt, i18n.language)}
      {reference.current ? null : ` · ${t('block.reference.lastWindow')}`}
    </span>
  );
}
