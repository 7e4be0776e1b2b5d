import type { ReactNode } from "react";
import { ListError } from "./admin-table.tsx";

interface KindListProps<K extends string> {
  /** The accessible name of the kind switcher ("Inbox", "Moderate"). */
  label: string;
  kinds: ReadonlyArray<readonly [K, string]>;
  kind: K;
  onKind: (kind: K) => void;
  /** The status filter's options, as value and label. */
  statuses: ReadonlyArray<readonly [string, string]>;
  status: string;
  onStatus: (status: string) => void;
  list: { loading: boolean; error: string | null; retry: () => void; count: number };
  /** What the empty list says. */
  empty: string;
  children: ReactNode;
}

/**
 * A card list with a kind switcher and a status filter (the inbox, the moderation queue): the
 * pressed kind and the chosen status pick the cards; the count, the load error with its retry and
 * the empty state sit where staff look for them.
 */
export function KindList<K extends string>(props: KindListProps<K>) {
  const { list } = props;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <fieldset
          aria-label={props.label}
          className="inline-flex rounded-md border border-stone-300 bg-white p-0.5"
        >
          {props.kinds.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={props.kind === value}
              onClick={() => props.onKind(value)}
              className={`rounded px-3 py-1.5 text-sm font-semibold ${props.kind === value ? "bg-navy-800 text-white" : "text-stone-700 hover:bg-stone-100"}`}
            >
              {label}
            </button>
          ))}
        </fieldset>
        <label className="text-sm">
          <span className="sr-only">Show</span>
          <select
            className="field-input py-1.5"
            value={props.status}
            onChange={(e) => props.onStatus(e.target.value)}
            aria-label="Show"
          >
            {props.statuses.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <span className="pb-2 text-sm text-stone-600">
          {list.loading ? "Loading…" : `${list.count} shown`}
        </span>
      </div>
      {list.error ? <ListError message={list.error} onRetry={list.retry} /> : null}
      {!list.loading && !list.error && list.count === 0 ? (
        <p className="rounded-lg border-2 border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
          {props.empty}
        </p>
      ) : null}
      <div className="grid gap-3 xl:grid-cols-2">{props.children}</div>
    </div>
  );
}
