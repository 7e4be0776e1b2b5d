import { memo, type ReactNode } from "react";
import { ScrollRegion } from "./scroll-region.tsx";
import { nextSort, type SortState } from "./table-sort.ts";

export interface AdminColumn<T, K extends string = never> {
  /** The header text; also the column's key. */
  header: string;
  /** What the header means, shown on hover (a name the spec fixes but that needs explaining). */
  headerTitle?: string;
  /** Header for screen readers only (a column of buttons, e.g. "Actions"). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  align?: "right" | "center";
  /** Makes the header a sort button for this key. */
  sortKey?: K;
  /** Replaces the table's cell padding, and adds any other classes the cells need. */
  cellClassName?: string;
  /** A column a phone-wide screen leaves out, so the table fits without scrolling sideways. */
  hideOnPhone?: boolean;
  /**
   * For a column hidden on a phone: its value as short text, shown there under the row's first
   * cell ("Placed: Nov 3, 2:15 PM"), so nothing the wide table shows is out of reach. Leave it
   * out when the row's panel or editor shows the field (and never repeat a control here).
   */
  phoneText?: (row: T) => ReactNode;
}

interface AdminTableProps<T, K extends string> {
  columns: Array<AdminColumn<T, K>>;
  rows: T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string;
  /** What an empty list says once loading is over. */
  empty: ReactNode;
  loading: boolean;
  error?: string | null;
  /** Offered beside the error as "Try Again". */
  onRetry?: () => void;
  /** Sortable columns: the current order and what a header click sets. */
  sort?: { state: SortState<K> | null; onChange: (state: SortState<K>) => void };
  /** A long table scrolls inside a labelled, keyboard-reachable region of this height. */
  scroll?: { label: string; className: string };
  /** Tighter cells for wide tables (products, import rows). */
  dense?: boolean;
  hasMore?: boolean;
  onLoadMore?: () => void;
}

const alignClass = { right: "text-right", center: "text-center" } as const;
const ariaSort = { asc: "ascending", desc: "descending" } as const;
const phoneHidden = "max-sm:hidden";

/**
 * The back office's one table: headers (sort buttons where a column sorts, with aria-sort), the
 * rows, a loading row while the first rows are on their way, the empty message, an error with
 * Try Again, the optional scroll region and the Load more button under it.
 */
export function AdminTable<T, K extends string = never>({
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
  loading,
  error,
  onRetry,
  sort,
  scroll,
  dense = false,
  hasMore = false,
  onLoadMore,
}: AdminTableProps<T, K>) {
  const padding = dense ? "px-2 py-1.5" : "px-3 py-2";
  const headerPadding = dense ? "px-2 py-2" : "px-3 py-2";
  const message = (text: ReactNode) => (
    <tr>
      <td colSpan={columns.length} className="px-3 py-10 text-center text-stone-600">
        {text}
      </td>
    </tr>
  );
  const table = (
    <table className="w-full text-left text-sm" aria-busy={loading}>
      <thead className="sticky top-0 z-10 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase shadow-[0_1px_0_#e7e5e4]">
        <tr>
          {columns.map((column) => {
            const active = sort?.state && column.sortKey === sort.state.key ? sort.state : null;
            const sortable = Boolean(sort && column.sortKey && !column.hideHeader);
            return (
              <th
                key={column.header}
                className={`${sortable ? "relative p-0" : headerPadding} ${dense ? "text-[11px] leading-tight" : ""} ${column.align ? alignClass[column.align] : ""} ${column.hideOnPhone ? phoneHidden : ""}`}
                aria-sort={active ? ariaSort[active.direction] : undefined}
                title={column.headerTitle}
              >
                {column.hideHeader ? (
                  <span className="sr-only">{column.header}</span>
                ) : sort && column.sortKey ? (
                  <SortButton
                    label={column.header}
                    className={`${headerPadding} ${column.align === "right" ? "justify-end" : column.align === "center" ? "justify-center" : ""}`}
                    direction={active?.direction}
                    onClick={() => sort.onChange(nextSort(sort.state, column.sortKey as K))}
                  />
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <AdminRow
            key={rowKey(row)}
            row={row}
            columns={columns}
            className={rowClassName?.(row) ?? ""}
            padding={padding}
          />
        ))}
        {rows.length === 0 && loading && !error ? message("Loading…") : null}
        {rows.length === 0 && !loading && !error ? message(empty) : null}
      </tbody>
    </table>
  );
  return (
    <>
      {error ? <ListError message={error} onRetry={onRetry} className="m-3" /> : null}
      {scroll ? (
        <ScrollRegion label={scroll.label} className={scroll.className}>
          {table}
        </ScrollRegion>
      ) : (
        <div className="overflow-x-auto">{table}</div>
      )}
      {hasMore && onLoadMore ? (
        <div className="border-t border-stone-200 p-3 text-center">
          <button type="button" className="btn-outline" onClick={onLoadMore} disabled={loading}>
            Load more
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * One row. It renders again only when its row, the columns or its class change: with stable
 * columns (see the products tab), "Load more" and a one-row save render only the rows they touch,
 * not a thousand.
 */
const AdminRow = memo(function AdminRow<T>({
  row,
  columns,
  className,
  padding,
}: {
  row: T;
  columns: Array<AdminColumn<T, string>>;
  className: string;
  padding: string;
}) {
  const firstOnPhone = columns.findIndex((column) => !column.hideOnPhone);
  const phoneLines = columns.filter((column) => column.hideOnPhone && column.phoneText);
  return (
    <tr className={`border-t border-stone-100 ${className}`}>
      {columns.map((column, index) => (
        <td
          key={column.header}
          className={`${column.cellClassName ?? padding} ${column.align ? alignClass[column.align] : ""} ${column.hideOnPhone ? phoneHidden : ""}`}
        >
          {column.cell(row)}
          {index === firstOnPhone && phoneLines.length > 0 ? (
            <dl className="mt-1 space-y-0.5 text-xs font-normal whitespace-normal text-stone-600 sm:hidden">
              {phoneLines.map((line) => (
                <div key={line.header}>
                  <dt className="inline font-semibold">{line.header}: </dt>
                  <dd className="inline">{line.phoneText?.(row)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: {
  row: T;
  columns: Array<AdminColumn<T, string>>;
  className: string;
  padding: string;
}) => ReactNode;

/** A list that could not be read: the reason, and Try Again when the list can be read again. */
export function ListError({
  message,
  onRetry,
  className = "",
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={`rounded bg-red-50 p-3 text-sm text-red-800 ${className}`}>
      {message}
      {onRetry ? (
        <button type="button" className="ml-2 font-semibold underline" onClick={onRetry}>
          Try Again
        </button>
      ) : null}
    </div>
  );
}

/**
 * A sortable column's header. The button's ::after covers the whole cell (the cell is its
 * positioned parent), so a click anywhere in the cell sorts, not only on the label.
 */
function SortButton({
  label,
  direction,
  className,
  onClick,
}: {
  label: string;
  direction: "asc" | "desc" | undefined;
  className: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`flex min-h-9 w-full items-center gap-0.5 after:absolute after:inset-0 text-left uppercase hover:bg-stone-100 hover:text-navy-800 ${className}`}
      onClick={onClick}
    >
      {label}
      <span aria-hidden="true" className={direction ? "text-oak-600" : "text-stone-300"}>
        {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
      </span>
    </button>
  );
}
