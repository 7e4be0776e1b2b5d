import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useAdminSession } from "./admin-session.tsx";

/** The server's message of a failed call, else the screen's own fallback text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** One page of a list as cached: its rows, and what else the answer carried (e.g. counts). */
export interface AdminPage<T, M> {
  rows: T[];
  meta: M;
}

export interface AdminList<T, M> {
  items: T[];
  /** What the first page carried besides rows (undefined until it arrives). */
  meta: M | undefined;
  /** A full last page means there may be more. */
  hasMore: boolean;
  /** True while a page is on its way (the first, the next, or a fresh read of the list). */
  loading: boolean;
  error: string | null;
  loadMore(): void;
  retry(): void;
}

/**
 * Every back-office list: read with the staff session under `key` (a new key, e.g. a new
 * filter, reads the first page again). With `pageSize`, "Load more" reads the next page at
 * offset = rows loaded so far; without it the list is one answer.
 */
export function useAdminList<T, M = undefined>({
  key,
  path,
  read,
  pageSize,
  failure,
  keepRowsWhileLoading = true,
}: {
  key: QueryKey;
  path: (offset: number) => string;
  /** Turns the server's answer into the page's rows (and meta). */
  read: (data: unknown) => AdminPage<T, M>;
  pageSize?: number;
  failure: string;
  /**
   * Keeps the previous filter's rows on screen until the new ones arrive (off where a row's
   * meaning depends on the filter, e.g. the inbox's kind of lead).
   */
  keepRowsWhileLoading?: boolean;
}): AdminList<T, M> {
  const { request } = useAdminSession();
  const query = useInfiniteQuery({
    queryKey: key,
    placeholderData: keepRowsWhileLoading ? keepPreviousData : undefined,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => read(await request(path(pageParam), { signal })),
    getNextPageParam: (lastPage, pages) =>
      pageSize !== undefined && lastPage.rows.length === pageSize
        ? pages.reduce((sum, page) => sum + page.rows.length, 0)
        : undefined,
  });
  return {
    items: query.data?.pages.flatMap((page) => page.rows) ?? [],
    meta: query.data?.pages[0]?.meta,
    hasMore: query.hasNextPage,
    loading: query.isFetching,
    error: query.error ? errorText(query.error, failure) : null,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

/** One admin GET, read with the staff session and cached under `key`. */
export function useAdminQuery<T>(key: QueryKey, path: string) {
  const { request } = useAdminSession();
  return useQuery({ queryKey: key, queryFn: ({ signal }) => request<T>(path, { signal }) });
}

/**
 * Edits the cached rows of every list under `key` (all its filters and pages) in place, so a row
 * shows what the server answered after a save without reading the list again. `change` gets each
 * page's rows and the page's index (0 is the top of the list).
 */
export function useUpdateCachedList<T>(key: QueryKey) {
  const client = useQueryClient();
  return (change: (rows: T[], pageIndex: number) => T[]) => {
    client.setQueriesData<InfiniteData<AdminPage<T, unknown>>>({ queryKey: key }, (data) =>
      data
        ? { ...data, pages: data.pages.map((page, i) => ({ ...page, rows: change(page.rows, i) })) }
        : data,
    );
  };
}

/** Replaces the row with the same id in a list of rows. */
export const replaceById =
  <T extends { id: unknown }>(saved: T) =>
  (rows: T[]) =>
    rows.map((row) => (row.id === saved.id ? saved : row));
