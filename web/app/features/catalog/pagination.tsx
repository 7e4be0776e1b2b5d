import { Link } from "react-router";
import { pageWindow } from "./list-params.ts";

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The link for a page (keeps every other list setting). */
  hrefFor: (page: number) => string;
}

/** Previous / Next and a window of at most 5 page numbers. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const base =
    "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium";
  const idle = `${base} border-stone-300 bg-white text-navy-800 hover:bg-navy-50`;
  const disabled = `${base} border-stone-200 bg-stone-50 text-stone-400`;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={idle} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Previous
        </span>
      )}
      {pages.map((number) =>
        number === page ? (
          <span
            key={number}
            aria-current="page"
            className={`${base} border-navy-800 bg-navy-800 text-white`}
          >
            {number}
          </span>
        ) : (
          <Link key={number} to={hrefFor(number)} className={idle} aria-label={`Page ${number}`}>
            {number}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={idle} rel="next">
          Next
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
