import type { ReactNode } from "react";

export interface ReportRow {
  key: string;
  /** The row's name (a night, a room type, a venue): its header cell. */
  head: ReactNode;
  /** The figures, right-aligned. */
  cells: ReactNode[];
}

/**
 * A report's table: the first column names each row, the others are figures. With
 * `scroll` it is a keyboard-scrollable region of its own (a long list of nights beside a chart);
 * printed, it is shown whole.
 */
export function ReportTable({
  caption,
  showCaption = false,
  columns,
  rows,
  empty = "Nothing in this period.",
  scroll,
  name,
}: {
  caption: string;
  showCaption?: boolean;
  /** Every column's heading, the row names' first. */
  columns: string[];
  rows: ReportRow[];
  empty?: string;
  /** The region's name, when the table scrolls in a region of its own. */
  scroll?: string;
  /** `data-report`, for tests and print styles. */
  name?: string;
}) {
  const [first, ...figures] = columns;
  const table = (
    <table className="staff-table report-table" data-report={name}>
      <caption className={showCaption ? undefined : "visually-hidden"}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {figures.map((column) => (
            <th scope="col" key={column} className="report-number">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.head}</th>
              {row.cells.map((cell, i) => (
                <td key={i} className="report-number">
                  {cell}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
  return scroll ? (
    <div className="report-table-scroll" role="region" aria-label={scroll} tabIndex={0}>
      {table}
    </div>
  ) : (
    // A wide table scrolls sideways on a phone: then it must be reachable by keyboard too.
    <div className="staff-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      {table}
    </div>
  );
}
