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
