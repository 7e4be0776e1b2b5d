import { Fragment } from "react";
import { Link } from "react-router";

/** One step of a trail: a link, or (the last) the page itself. */
export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Where a page sits, as links from the widest to this page: "Home / Products / Hardwood / Oak".
 * The last step is the page itself (not a link, marked as the current page).
 */
export function Breadcrumbs({ trail, className = "mb-6" }: { trail: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`${className} text-sm text-stone-600`}>
      <ol className="flex flex-wrap items-center gap-1.5">
        {trail.map((crumb, i) => (
          <Fragment key={`${i}-${crumb.label}`}>
            {i > 0 ? <li aria-hidden="true">/</li> : null}
            {i === trail.length - 1 || !crumb.to ? (
              <li
                aria-current={i === trail.length - 1 ? "page" : undefined}
                className={i === trail.length - 1 ? "font-medium text-stone-800" : undefined}
              >
                {crumb.label}
              </li>
            ) : (
              <li>
                <Link to={crumb.to} className="hover:text-oak-700 hover:underline">
                  {crumb.label}
                </Link>
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
