// The table the settings and orders screens list their logs and problems in: a shop's fulfilments, a partner's
// events, a product file's and an order file's wrong lines. One header row, the rows the screen draws.
import type { ReactNode } from 'react';

export interface LogTableProps {
  testId?: string;
  caption?: ReactNode;
  /** The column headers in order; null for a column without one (the row's button). */
  headers: readonly ReactNode[];
  /** Wrapped to scroll sideways on its own where its rows may be wider than the page. */
  scroll?: boolean;
  /** The rows, each a <tr> with one cell per header. */
  children: ReactNode;
}

export function LogTable({ testId, caption, headers, scroll, children }: LogTableProps) {
  const table = (
    <table className="table" data-testid={testId}>
      {caption === undefined ? null : <caption>{caption}</caption>}
      <thead>
        <tr>
          {headers.map((header, i) => (
            <th key={i} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return scroll ? <div className="table-scroll">{table}</div> : table;
}
