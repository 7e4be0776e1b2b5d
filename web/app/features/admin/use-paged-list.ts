import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { isAbortError } from "../../lib/api.ts";

export interface PagedList<T> {
  items: T[];
  setItems: Dispatch<SetStateAction<T[]>>;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  loadMore(): Promise<void>;
}

/**
 * A back-office list read a page at a time: the first page whenever `loadPage` changes (so
 * memoise it on its filters), then "Load more" appends the next. A full page means there may be
 * more. A failure shows `err.message`, else `failureMessage`.
 */
export function usePagedList<T>(
  loadPage: (offset: number, signal?: AbortSignal) => Promise<T[]>,
  pageSize: number,
  failureMessage: string,
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const message = (e: unknown) => (e instanceof Error ? e.message : failureMessage);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    loadPage(0, controller.signal)
      .then((page) => {
        setItems(page);
        setHasMore(page.length === pageSize);
      })
      .catch((e) => {
        if (!isAbortError(e)) setError(message(e));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [loadPage, pageSize]);

  const loadMore = async () => {
    setLoading(true);
    try {
      const page = await loadPage(items.length);
      setItems((list) => [...list, ...page]);
      setHasMore(page.length === pageSize);
    } catch (e) {
      setError(message(e));
    } finally {
      setLoading(false);
    }
  };

  return { items, setItems, hasMore, loading, error, loadMore };
}
