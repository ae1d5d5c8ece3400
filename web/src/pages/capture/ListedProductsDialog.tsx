import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Checkbox, Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { ListedProduct } from '@wishwell/shared/scrape-types';
import { api } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';
import { FormDialogFooter } from '../../ui/FormDialogFooter';

interface Props {
  products: ListedProduct[];
  wishlistId: string;
  /** The list chooser, above the products. */
  children: ReactNode;
  onClose: () => void;
  /** Added them all: the list opens. */
  onAdded: () => void;
  /** Wanted the page's own product instead: the Add Item dialog opens. */
  onOnlyThisPage: () => void;
}

/** A captured page listing several products (a shop's wish list, a search result): tick the ones to add, all added at once. */
export function ListedProductsDialog({ products, wishlistId, children, onClose, onAdded, onOnlyThisPage }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(products.keys()));
  const { busy, run } = useAsyncAction();
  const toggle = (index: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const picked = products.filter((_, index) => chosen.has(index));
    const added = await run(async () => {
      // Together, all or none; the list shows them in the page's order.
      const items = picked.map(({ title, url, price, currency, imageUrl }) => ({ title, url, price, currency, imageUrl }));
      await api.post('/wishlists/:id/items/bulk', { params: { id: wishlistId }, body: { items } });
    }, { success: t('capture.addedSeveral', { count: picked.length }), failure: t('itemForm.failed') });
    if (added) onAdded();
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('capture.severalTitle', { count: products.length })} className="ww-dialog">
      <form onSubmit={add}>
        <DialogBody>
          {children}
          <ul className="ww-listed-products" aria-label={t('capture.severalTitle', { count: products.length })}>
            {products.map((product, index) => (
              <li key={product.url}>
                <Checkbox checked={chosen.has(index)} onChange={(e) => toggle(index, e.currentTarget.checked)} labelElement={<ListedLabel product={product} />} />
              </li>
            ))}
          </ul>
          <Button variant="minimal" text={t('capture.onlyThisPage')} onClick={onOnlyThisPage} />
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText={t('capture.addSeveral', { count: chosen.size })} busy={busy} disabled={chosen.size === 0} />
      </form>
    </Dialog>
  );
}

function ListedLabel({ product }: { product: ListedProduct }) {
  return (
    <span className="ww-listed-product">
      <span>{product.title}</span>
      {product.price && <span className="ww-listed-price">{`${product.price} ${product.currency}`.trim()}</span>}
    </span>
  );
}
