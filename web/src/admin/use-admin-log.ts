import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '../app/routing';
import type { LogPage, LogQuery } from '@wishwell/shared/admin-types';
import { LOG_PAGE_SIZE_DEFAULT } from '@wishwell/shared/admin-types';

export type LogFilters = Pick<LogQuery, 'q' | 'status' | 'from' | 'to'>;

/** Reads one page of a server-paged list: `(query) => api.get('/users', { query })`, one function for the page's life. */
export type PageLoader<T> = (query: LogQuery) => Promise<LogPage<T>>;

/** The filters a link to the page sets (`?q=&status=&from=&to=`, e.g. from a failure notification). */
function filtersIn(params: URLSearchParams): LogFilters {
  const status = params.get('status');
  return {
    q: params.get('q') || undefined,
    status: status === 'success' || status === 'failed' ? status : undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
}

/**
 * One admin log, a page at a time from the server (newest first), with its filters (starting
 * from the page address's). Changing a filter goes back to page 1; `reload` fetches the page
 * again. Load failures are logged only (spec section 8).
 */
export function useAdminLog<T>(load: PageLoader<T>, failureLog: string) {
  const [searchParams] = useSearchParams();
  const linked = searchParams.toString();
  const [linkedSeen, setLinkedSeen] = useState(linked);
  const [page, setPage] = useState(1);
  const [filters, setFiltersState] = useState<LogFilters>(() => filtersIn(searchParams));
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<LogPage<T> | null>(null);
  const [loading, setLoading] = useState(true);
  if (linked !== linkedSeen) {
    setLinkedSeen(linked);
    setFiltersState(filtersIn(searchParams));
    setPage(1);
  }

  useEffect(() => {
    let current = true;
    setLoading(true);
    load({ page, pageSize: LOG_PAGE_SIZE_DEFAULT, ...filters })
      .then((answer) => current && setData(answer))
      .catch((error: unknown) => console.error(failureLog, error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [load, failureLog, page, filters, version]);

  const setFilters = useCallback((next: LogFilters) => {
    setFiltersState(next);
    setPage(1);
  }, []);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const totalCapped = data?.totalCapped ?? false;
  return { rows: data?.entries ?? [], total: data?.total ?? 0, totalCapped, loading: loading && !data, page, pageCount, setPage, filters, setFilters, reload };
}
