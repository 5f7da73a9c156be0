import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

/** Text on one line, cut with an ellipsis where it does not fit. */
export const ONE_LINE: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

/** An address a column item opens: a page of the portal (a path) in the app, an http(s) address in a new tab. */
export function ItemLink({
  to,
  children,
  style,
  label,
  tabIndex,
}: {
  to: string | undefined;
  children: ReactNode;
  style?: CSSProperties;
  label?: string;
  /** -1 takes it out of the tab order (a slide not shown) */
  tabIndex?: number;
}) {
  if (!to) return <span style={style}>{children}</span>;
  if (/^https?:\/\//i.test(to))
    return (
      <a
        href={to}
        target="_blank"
        rel="noopener noreferrer"
        style={style}
        aria-label={label}
        tabIndex={tabIndex}
      >
        {children}
      </a>
    );
  return (
    <Link to={to} style={style} aria-label={label} tabIndex={tabIndex}>
      {children}
    </Link>
  );
}
