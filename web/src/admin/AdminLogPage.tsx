import { AdminEventToasts } from './AdminEventToasts';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { LogPager, LogToolbar } from './LogToolbar';
import { useAdminLog } from './use-admin-log';
import './admin.css';

interface Props<T> {
  title: string;
  path: string;
  failureLog: string;
  columns: AdminColumn<T>[];
  emptyText: string;
  searchPlaceholder: string;
  withStatus?: boolean;
  /** Failed scrapes announced by the admin event stream show as toasts and refresh the rows. */
  withScrapeFailureToasts?: boolean;
}

/** An admin log page: filters, one page of rows (table or cards), and the pager. */
export function AdminLogPage<T extends { _id: string }>(props: Props<T>) {
  const { title, path, failureLog, columns, emptyText, searchPlaceholder, withStatus, withScrapeFailureToasts } = props;
  const log = useAdminLog<T>(path, failureLog);
  return (
    <>
      {withScrapeFailureToasts && <AdminEventToasts onScrapeFailure={log.reload} />}
      <AdminPageHeader title={title} />
      {/* Keyed by the filters so a link that sets them (?q=&status=) shows them in the fields. */}
      <LogToolbar key={JSON.stringify(log.filters)} filters={log.filters} onFilters={log.setFilters} withStatus={withStatus} searchPlaceholder={searchPlaceholder} />
      <AdminTable columns={columns} rows={log.rows} loading={log.loading} emptyText={emptyText} />
      {log.total > 0 && <LogPager page={log.page} pageCount={log.pageCount} total={log.total} onPage={log.setPage} />}
    </>
  );
}
