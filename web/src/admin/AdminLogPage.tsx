import type { ReactNode } from 'react';
import { AdminEventToasts } from './AdminEventToasts';
import { useAdminNumber, useAdminText, type AdminNumber, type AdminText } from './admin-text';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { LogPager, LogToolbar } from './LogToolbar';
import { useAdminLog, type PageLoader } from './use-admin-log';
import './admin.css';

interface ViewProps<T> {
  title: string;
  /** What the page is for, under its title. */
  intro?: ReactNode;
  columns: AdminColumn<T>[];
  emptyText: string;
  searchPlaceholder: string;
  withStatus?: boolean;
  /** Logs filter by date; lists without dates (All Users) do not. */
  withDates?: boolean;
  /** Rows shown greyed (disabled accounts). */
  muted?: (row: T) => boolean;
  /** Failed scrapes announced by the admin event stream show as toasts and refresh the rows. */
  withScrapeFailureToasts?: boolean;
}

interface Props<T> extends Omit<ViewProps<T>, 'title' | 'columns' | 'emptyText' | 'searchPlaceholder'> {
  /** The log's group in the admin catalogue, holding `none` and `search`; its title is `pages.<texts>`. */
  texts: 'emailLogs' | 'visitorLogs' | 'scrapeLogs';
  columns: (t: AdminText, count: AdminNumber) => AdminColumn<T>[];
  load: PageLoader<T>;
  failureLog: string;
}

/** An admin log page: filters, one page of rows (table or cards), and the pager. */
export function AdminLogPage<T extends { _id: string }>({ texts, columns, load, failureLog, ...view }: Props<T>) {
  const t = useAdminText();
  const count = useAdminNumber();
  const texted = { title: t(`pages.${texts}`), columns: columns(t, count), emptyText: t(`${texts}.none`), searchPlaceholder: t(`${texts}.search`) };
  return <AdminLogView log={useAdminLog(load, failureLog)} {...texted} {...view} />;
}

/** A server-paged admin list whose page also acts on its rows (and so holds `log` itself, for its reload). */
export function AdminLogView<T extends { _id: string }>(props: ViewProps<T> & { log: ReturnType<typeof useAdminLog<T>> }) {
  const { log, title, intro, columns, emptyText, searchPlaceholder, withStatus, withDates, muted, withScrapeFailureToasts } = props;
  return (
    <>
      {withScrapeFailureToasts && <AdminEventToasts onScrapeFailure={log.reload} />}
      <AdminPageHeader title={title} />
      {intro}
      {/* Keyed by the filters so a link that sets them (?q=&status=) shows them in the fields. */}
      <LogToolbar key={JSON.stringify(log.filters)} filters={log.filters} onFilters={log.setFilters} withStatus={withStatus} withDates={withDates} searchPlaceholder={searchPlaceholder} />
      <AdminTable columns={columns} rows={log.rows} loading={log.loading} emptyText={emptyText} muted={muted} />
      {log.total > 0 && <LogPager page={log.page} pageCount={log.pageCount} total={log.total} totalCapped={log.totalCapped} onPage={log.setPage} />}
    </>
  );
}
