import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, InputGroup, Tag, type Intent } from '@blueprintjs/core';
import type { Item } from '@wishwell/shared/wishlist-types';
import type { ScrapeResult } from '@wishwell/shared/scrape-types';
import { PRICE_NOT_FOUND } from '@wishwell/shared/price-input';
import { api, ApiRequestError } from '../../../api/client';
import { useTranslation } from '../../../i18n/react';
import { FormDialogFooter } from '../../../ui/FormDialogFooter';
import { useAsyncAction } from '../../../ui/use-async-action';
import { priceForInput } from '../item-draft';
import { ScrapeQueue, type LinkState, type ReadFailure } from './scrape-queue';

interface Props {
  wishlistId: string;
  links: string[];
  onClose: () => void;
  onAdded: (items: Item[]) => void;
}

/** One pasted link: how far its reading got, and the item as it will be added (the user may change title and price). */
interface Row {
  url: string;
  state: LinkState;
  title: string;
  price: string;
  result: ScrapeResult | null;
  reason: string | null;
}

const STATE_INTENT: Record<LinkState, Intent> = { waiting: 'none', reading: 'primary', found: 'success', failed: 'warning' };

const asFailure = (error: unknown): ReadFailure =>
  error instanceof ApiRequestError ? { status: error.status, message: error.serverMessage, retryAfterSeconds: error.retryAfterSeconds } : { status: null, message: null, retryAfterSeconds: null };

/** A link's title until its page is read (or when it cannot be): the address without its scheme. */
const titleOf = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, '').slice(0, 500);

/**
 * Many links pasted at once: each read politely (ScrapeQueue), shown with its progress; a miss can
 * be fixed (title, price) or dropped, and the chosen ones are added in one request.
 */
export function BulkAddDialog({ wishlistId, links, onClose, onAdded }: Props) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => links.map((url) => ({ url, state: 'waiting', title: titleOf(url), price: '', result: null, reason: null })));
  const { busy, run } = useAsyncAction();
  // A failure the queue will try again is said as such; a final one as the server gave it.
  const reasonOf = (state: LinkState, message: string) => (state === 'waiting' ? t('bulk.retrying', { reason: message }) : message);
  const queue = useRef<ScrapeQueue<ScrapeResult> | null>(null);
  const update = (url: string, change: (row: Row) => Partial<Row>) => setRows((current) => current.map((row) => (row.url === url ? { ...row, ...change(row) } : row)));

  useEffect(() => {
    const reader = new ScrapeQueue<ScrapeResult>(
      (url) => api.post('/scrape', { body: { url, userAgent: navigator.userAgent } }),
      asFailure,
      {
        onState: (url, state, { result, failure }) =>
          update(url, (row) => ({
            state,
            reason: failure ? reasonOf(state, failure.message ?? t('bulk.noAnswer')) : null,
            ...(result ? { result, title: result.title || row.title, price: result.price === PRICE_NOT_FOUND ? '' : priceForInput(result.price, i18n.language) } : {}),
          })),
      },
    );
    queue.current = reader;
    reader.add(links);
    return () => reader.stop();
    // The links are read once, when the dialog opens.
  }, []);

  const drop = (url: string) => {
    queue.current?.drop(url);
    setRows((current) => current.filter((row) => row.url !== url));
  };
  const settled = rows.every((row) => row.state === 'found' || row.state === 'failed');
  const ready = rows.filter((row) => row.title.trim() !== '');

  const add = async (event: FormEvent) => {
    event.preventDefault();
    let added: Item[] = [];
    const done = await run(async () => {
      const items = ready.map(({ url, title, price, result }) => ({
        title: title.trim(),
        url: result?.url || url,
        price,
        currency: result?.currency ?? '',
        imageUrl: result?.imageUrl ?? '',
        description: result?.description ?? '',
      }));
      added = await api.post('/wishlists/:id/items/bulk', { params: { id: wishlistId }, body: { items } });
    }, { success: t('bulk.added', { count: ready.length }), failure: t('itemForm.failed') });
    if (done) onAdded(added);
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('bulk.title', { count: links.length })} className="ww-dialog ww-bulk-dialog">
      <form onSubmit={add}>
        <DialogBody>
          <p className="ww-bulk-hint">{settled ? t('bulk.fixOrDrop') : t('bulk.reading', { done: rows.filter((row) => row.state === 'found' || row.state === 'failed').length, total: rows.length })}</p>
          <ul className="ww-bulk-links" aria-label={t('bulk.linksLabel')}>
            {rows.map((row) => (
              <li key={row.url} className="ww-bulk-link" data-state={row.state}>
                <div className="ww-bulk-link-head">
                  <Tag minimal intent={STATE_INTENT[row.state]} className="ww-bulk-state">
                    {t(`bulk.state.${row.state}`)}
                  </Tag>
                  <span className="ww-bulk-url" title={row.url}>
                    {row.url}
                  </span>
                  <Button variant="minimal" size="small" icon="cross" aria-label={t('bulk.drop', { url: row.url })} onClick={() => drop(row.url)} />
                </div>
                {row.reason && <p className="ww-bulk-reason">{row.reason}</p>}
                <div className="ww-bulk-fields">
                  <InputGroup aria-label={t('bulk.titleOf', { url: row.url })} value={row.title} onValueChange={(title) => update(row.url, () => ({ title }))} fill />
                  <InputGroup
                    aria-label={t('bulk.priceOf', { url: row.url })}
                    placeholder={t('itemForm.price')}
                    value={row.price}
                    onValueChange={(price) => update(row.url, () => ({ price }))}
                    className="ww-bulk-price"
                  />
                </div>
              </li>
            ))}
          </ul>
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText={t('bulk.add', { count: ready.length })} busy={busy} disabled={!settled || ready.length === 0} />
      </form>
    </Dialog>
  );
}
