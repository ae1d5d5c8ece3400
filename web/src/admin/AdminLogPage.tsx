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
}

/** An admin log page: filters, one page of rows (table or cards), and the pager. */
export function AdminLogPage<T extends { _id: string }>({ title, path, failureLog, columns, emptyText, searchPlaceholder, withStatus }: Props<T>) {
  const log = useAdminLog<T>(path, failureLog);
  return (
    <>
      <AdminPageHeader title={title} />
      <LogToolbar filters={log.filters} onFilters={log.setFilters} withStatus={withStatus} searchPlaceholder={searchPlaceholder} />
      <AdminTable columns={columns} rows={log.rows} loading={log.loading} emptyText={emptyText} />
      {log.total > 0 && <LogPager page={log.page} pageCount={log.pageCount} total={log.total} onPage={log.setPage} />}
    </>
  );
}
