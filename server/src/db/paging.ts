/** Pieces of the server-paged admin lists: a page's window and the text search, in portable SQL. */
import { or, type SQL } from 'drizzle-orm';
import type { SqlDialect, TableColumn } from './store';
import { LOG_PAGE_SIZE_DEFAULT, type LogPage, type PagedQuery } from '@wishwell/shared/admin-types';

/** Rows where any of `columns` contains the search text `q`, ignoring case, LIKE's wildcards taken literally (none when `q` is blank). */
export function textFilter(dialect: SqlDialect, columns: TableColumn[], q: string | undefined): SQL[] {
  const text = q?.trim();
  if (!text) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [or(...columns.map((column) => dialect.likeIgnoringCase(column, pattern)))!];
}

/** Which rows one page holds (page from 1). */
export interface PageWindow {
  page: number;
  pageSize: number;
  offset: number;
}

export function pageWindow(query: PagedQuery): PageWindow {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? LOG_PAGE_SIZE_DEFAULT;
  return { page, pageSize, offset: (page - 1) * pageSize };
}


/** One page: the entries `fetchPage` reads for the query's window, and how many rows match in all. */
export async function readPage<Entry>(
  query: PagedQuery,
  fetchPage: (window: PageWindow) => Promise<Entry[]>,
  countMatching: () => Promise<{ total: number }[]>,
): Promise<LogPage<Entry>> {
  const window = pageWindow(query);
  const [entries, [counted]] = await Promise.all([fetchPage(window), countMatching()]);
  return { entries, total: counted?.total ?? 0, page: window.page, pageSize: window.pageSize };
}
