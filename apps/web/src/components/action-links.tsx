import { Link } from 'react-router';

interface ActionLink {
  to: string;
  label: string;
}

/** The two next steps of a card or screen: the main one as a primary button, the other beside it. */
export function ActionLinks({
  className,
  primary,
  secondary,
  isBlock = false,
}: {
  className: string;
  primary: ActionLink;
  secondary: ActionLink;
  /** Full-width buttons, one under the other. */
  isBlock?: boolean;
}) {
  const block = isBlock ? ' button--block' : '';
  return (
    <div className={className}>
      <Link to={primary.to} className={`button button--primary${block}`}>
        {primary.label}
      </Link>
      <Link to={secondary.to} className={`button button--secondary${block}`}>
        {secondary.label}
      </Link>
    </div>
  );
}
