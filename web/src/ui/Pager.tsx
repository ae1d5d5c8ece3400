import { useEffect, useRef } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from '../i18n/react';
import { useSearchParams } from '../app/routing';
import { ITEMS_PER_PAGE } from '@wishwell/shared/constants';

function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * One page of `items` (10 per page), the page number kept in the URL (`?page=2`) so reloads and
 * shared links keep it. Changing the page scrolls the list (`listRef`) into view.
 */
export function usePage<T>(items: readonly T[]) {
  const [params, setParams] = useSearchParams();
  const requested = pageFromParam(params.get('page'));
  const pageCount = Math.max(1, Math.ceil(items.length / ITEMS_PER_PAGE));
  const page = Math.min(requested, pageCount);
  const listRef = useRef<HTMLDivElement>(null);
  const scrollOnChange = useRef(false);

  useEffect(() => {
    if (!scrollOnChange.current) return;
    scrollOnChange.current = false;
    listRef.current?.scrollIntoView({ block: 'start' });
  }, [page]);

  const setPage = (next: number) => {
    scrollOnChange.current = true;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { preventScrollReset: true },
    );
  };
  const pageItems = items.slice((page - 1) * ITEMS_PER_PAGE, page * ITEMS_PER_PAGE);
  return { page, pageCount, pageItems, setPage, listRef };
}

/** Previous / page numbers / next; hidden when everything fits on one page. */
export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="ww-pager" aria-label={t('pager.pages')}>
      <Button variant="minimal" icon="chevron-left" aria-label={t('pager.previous')} disabled={page === 1} onClick={() => onPage(page - 1)} />
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'solid' : 'minimal'}
          intent={number === page ? 'primary' : 'none'}
          text={number}
          aria-label={t('pager.page', { number })}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPage(number)}
        />
      ))}
      <Button variant="minimal" icon="chevron-right" aria-label={t('pager.next')} disabled={page === pageCount} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
