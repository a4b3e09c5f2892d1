import type { ReactNode } from 'react';
import { BackHeader } from './back-header';
import './funds-screen.css';

/** A screen of the money area (funds, loans): the back header (to the account centre) and its content. */
export function FundsScreen({ children, right }: { children: ReactNode; right?: ReactNode }) {
  return (
    <div className="screen funds-screen">
      <BackHeader fallbackPath="/information/index" right={right} />
      <div className="funds-screen__body">{children}</div>
    </div>
  );
}

interface FundsCardProps {
  /** The title's id, which names the card for assistive technology; absent, the card is a list item. */
  titleId?: string;
  title: ReactNode;
  /** The title reads as a label above a figure rather than as the card's heading. */
  isTitleLabel?: boolean;
  /** The card's state beside its title, usually a tag. */
  state: ReactNode;
  /** Highlights a request still waiting for review. */
  isPending?: boolean;
  children: ReactNode;
}

/** A card of the money area: its title and state on one row, then what the card holds. */
export function FundsCard({
  titleId,
  title,
  isTitleLabel = false,
  state,
  isPending = false,
  children,
}: FundsCardProps) {
  const className = `card funds-card${isPending ? ' funds-card--pending' : ''}`;
  const head = (
    <p className="funds-card__row">
      <span id={titleId} className={isTitleLabel ? 'funds-card__label' : 'funds-card__title'}>
        {title}
      </span>
      {state}
    </p>
  );
  if (titleId === undefined)
    return (
      <li className={className}>
        {head}
        {children}
      </li>
    );
  return (
    <section className={className} aria-labelledby={titleId}>
      {head}
      {children}
    </section>
  );
}
