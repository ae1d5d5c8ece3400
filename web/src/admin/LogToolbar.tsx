import { useState, type FormEvent } from 'react';
import { Button, ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useAdminNumber, useAdminText } from './admin-text';
import type { LogFilters } from './use-admin-log';

interface Props {
  filters: LogFilters;
  onFilters: (filters: LogFilters) => void;
  /** Logs with a Success/Failed status offer the status filter. */
  withStatus?: boolean;
  /** Logs offer the From/To date filters; lists without dates (All Wishlists) do not. */
  withDates?: boolean;
  searchPlaceholder: string;
}

/** Text, status and date filters of an admin log; applied on Search (or Enter). */
export function LogToolbar({ filters, onFilters, withStatus = false, withDates = true, searchPlaceholder }: Props) {
  const t = useAdminText();
  const [draft, setDraft] = useState<LogFilters>(filters);
  const set = (key: keyof LogFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value || undefined }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onFilters(draft);
  };
  return (
    <form className="ww-admin-log-toolbar" onSubmit={apply} role="search">
      <InputGroup leftIcon="search" placeholder={searchPlaceholder} aria-label={t('logs.search')} value={draft.q ?? ''} onValueChange={set('q')} />
      {withStatus && (
        <HTMLSelect aria-label={t('columns.status')} value={draft.status ?? ''} onChange={(event) => set('status')(event.currentTarget.value)}>
          <option value="">{t('logs.anyStatus')}</option>
          <option value="success">{t('common.success')}</option>
          <option value="failed">{t('common.failed')}</option>
        </HTMLSelect>
      )}
      {withDates && (
        <ControlGroup>
          <InputGroup type="date" aria-label={t('logs.from')} value={draft.from ?? ''} onValueChange={set('from')} />
          <InputGroup type="date" aria-label={t('logs.to')} value={draft.to ?? ''} onValueChange={set('to')} />
        </ControlGroup>
      )}
      <Button type="submit" icon="search" text={t('logs.search')} />
    </form>
  );
}

/** Previous / "Page x of y (n entries)" / Next under a log (numbers written the admin's language's way). */
export function LogPager(props: { page: number; pageCount: number; total: number; totalCapped?: boolean; onPage: (page: number) => void }) {
  const { page, pageCount, total, totalCapped = false, onPage } = props;
  const t = useAdminText();
  const count = useAdminNumber();
  const figures = { page: count(page), pageCount: count(pageCount), total: count(total) };
  // A search counted up to its cap: there are more pages.
  const position = totalCapped ? t('logs.pageCapped', figures) : t('logs.page', { ...figures, count: total });
  return (
    <nav className="ww-admin-log-pager" aria-label={t('logs.pages')}>
      <Button variant="minimal" icon="chevron-left" text={t('logs.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span>{position}</span>
      <Button variant="minimal" rightIcon="chevron-right" text={t('logs.next')} disabled={page >= pageCount && !totalCapped} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
