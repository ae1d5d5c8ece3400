import { useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { ITEMS_PER_PAGE } from '@wishwell/shared/constants';

/** One page of `items` (10 per page); the page is pulled back when the list shrinks under it. */
export function usePage<T>(items: readonly T[]) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(items.length / ITEMS_PER_PAGE));
  useEffect(() => {
    if (page > pageCount) setPage(pageCount);
  }, [page, pageCount]);
  const current = Math.min(page, pageCount);
  const pageItems = items.slice((current - 1) * ITEMS_PER_PAGE, current * ITEMS_PER_PAGE);
  return { page: current, pageCount, pageItems, setPage };
}

/** Previous / page numbers / next; hidden when everything fits on one page. */
export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="ww-pager" aria-label="Pages">
      <Button variant="minimal" icon="chevron-left" aria-label="Previous page" disabled={page === 1} onClick={() => onPage(page - 1)} />
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'solid' : 'minimal'}
          intent={number === page ? 'primary' : 'none'}
          text={number}
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPage(number)}
        />
      ))}
      <Button variant="minimal" icon="chevron-right" aria-label="Next page" disabled={page === pageCount} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
