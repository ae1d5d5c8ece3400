import { useState, type FormEvent } from 'react';
import { Button, ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
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
  const [draft, setDraft] = useState<LogFilters>(filters);
  const set = (key: keyof LogFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value || undefined }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onFilters(draft);
  };
  return (
    <form className="ww-admin-log-toolbar" onSubmit={apply} role="search">
      <InputGroup leftIcon="search" placeholder={searchPlaceholder} aria-label="Search" value={draft.q ?? ''} onValueChange={set('q')} />
      {withStatus && (
        <HTMLSelect aria-label="Status" value={draft.status ?? ''} onChange={(event) => set('status')(event.currentTarget.value)}>
          <option value="">Any status</option>
          <option value="success">Success</option>
          <option value="failed">Failed</option>
        </HTMLSelect>
      )}
      {withDates && (
        <ControlGroup>
          <InputGroup type="date" aria-label="From" value={draft.from ?? ''} onValueChange={set('from')} />
          <InputGroup type="date" aria-label="To" value={draft.to ?? ''} onValueChange={set('to')} />
        </ControlGroup>
      )}
      <Button type="submit" icon="search" text="Search" />
    </form>
  );
}

/** Previous / "Page x of y (n entries)" / Next under a log. */
export function LogPager({ page, pageCount, total, onPage }: { page: number; pageCount: number; total: number; onPage: (page: number) => void }) {
  return (
    <nav className="ww-admin-log-pager" aria-label="Pages">
      <Button variant="minimal" icon="chevron-left" text="Previous" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span>
        Page {page.toLocaleString('en-GB')} of {pageCount.toLocaleString('en-GB')} ({total.toLocaleString('en-GB')} {total === 1 ? 'entry' : 'entries'})
      </span>
      <Button variant="minimal" rightIcon="chevron-right" text="Next" disabled={page >= pageCount} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
