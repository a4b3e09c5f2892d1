import type { ReactNode } from 'react';
import './info-row.css';

/** A label and a value in a summary list. */
export function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="info-row">
      <dt className="info-row__label">{label}</dt>
      <dd className="info-row__value">{value}</dd>
    </div>
  );
}
