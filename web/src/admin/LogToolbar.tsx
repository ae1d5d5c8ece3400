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
export function LogPager(props: { page: number; pageCount: number; total: number; totalCapped?: boolean; onPage: (page: number) => void }) {
  const { page, pageCount, total, totalCapped = false, onPage } = props;
  const more = totalCapped ? '+' : ''; // a search counted up to its cap: there are more pages
  return (
    <nav className="ww-admin-log-pager" aria-label="Pages">
      <Button variant="minimal" icon="chevron-left" text="Previous" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span>
        Page {page.toLocaleString('en-GB')} of {pageCount.toLocaleString('en-GB')}
        {more} ({total.toLocaleString('en-GB')}
        {more} {total === 1 && !totalCapped ? 'entry' : 'entries'})
      </span>
      <Button variant="minimal" rightIcon="chevron-right" text="Next" disabled={page >= pageCount && !totalCapped} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
