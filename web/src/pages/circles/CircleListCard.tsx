import { Button, Tag } from '@blueprintjs/core';
import type { CircleItem, CircleList, Suggestion } from '@wishwell/shared/circle-types';
import { formatPrice } from '@wishwell/shared/price-format';
import { ownerPath, sharePath } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { Link } from '../../app/routing';
import { useTranslation } from '../../i18n/react';
import { dayLocale, formatDay } from '../../ui/dates';
import { useAsyncAction } from '../../ui/use-async-action';
import { SuggestionForm } from './SuggestionForm';

/** One shared list in the circle: its next event, and on someone else's list its items, who among the members reserved them, and the suggestions. */
export function CircleListCard({ list, isMine, onChanged }: { list: CircleList; isMine: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="ww-circle-list-card" aria-label={list.name}>
      <div className="ww-circle-list-head">
        <h3>
          <Link to={isMine ? ownerPath(list._id) : sharePath(list._id)}>{list.name}</Link>
        </h3>
        {list.nextEvent && (
          <Tag minimal icon="calendar">
            {formatDay(list.nextEvent, dayLocale(i18n.language))}
          </Tag>
        )}
      </div>
      {isMine ? (
        <p className="ww-circle-muted">{t('circles.ownListNote')}</p>
      ) : (
        <>
          <ul className="ww-circle-items">
            {list.items.map((item) => (
              <ItemRow key={item._id} listId={list._id} item={item} onChanged={onChanged} />
            ))}
            {list.suggestions.map((suggestion) => (
              <SuggestionRow key={suggestion._id} listId={list._id} suggestion={suggestion} onChanged={onChanged} />
            ))}
          </ul>
          <SuggestionForm listId={list._id} onAdded={onChanged} />
        </>
      )}
    </section>
  );
}

/** An item's or a suggestion's price, written the reader's way ("£199.00", "199,00 £"). */
function Price({ price, currency }: { price: string; currency: string }) {
  const { i18n } = useTranslation();
  return <span className="ww-circle-item-price">{price && formatPrice(price, currency, i18n.language)}</span>;
}

function ItemRow({ listId, item, onChanged }: { listId: string; item: CircleItem; onChanged: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useAsyncAction();
  const reserve = () =>
    void run(async () => {
      await api.put('/wishlists/share/:id/items/:itemId', { params: { id: listId, itemId: item._id }, body: { quantityPurchased: 1 } });
      onChanged();
    }, { failure: t('circles.reserveFailed'), success: t('circles.reservedIt', { title: item.title }) });
  const names = item.reservations.map((r) => (r.quantity > 1 ? `${r.name} ×${r.quantity}` : r.name)).join(', ');
  return (
    <li className="ww-circle-item" data-testid="circle-item">
      <span className="ww-circle-item-title">{item.url ? <a href={item.url} target="_blank" rel="noreferrer noopener">{item.title}</a> : item.title}</span>
      <Price price={item.price} currency={item.currency} />
      <span className="ww-circle-item-state">
        {item.quantityPurchased > 0 && t('circles.reservedCount', { count: item.quantityPurchased, total: item.quantity })}
        {names && ` · ${t('circles.reservedBy', { names })}`}
      </span>
      {item.quantityPurchased < item.quantity && <Button size="small" icon="shopping-cart" text={t('circles.reserve')} loading={busy} onClick={reserve} />}
    </li>
  );
}

function SuggestionRow({ listId, suggestion, onChanged }: { listId: string; suggestion: Suggestion; onChanged: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useAsyncAction();
  const params = { id: listId, suggestionId: suggestion._id };
  const act = (work: () => Promise<unknown>) =>
    void run(async () => {
      await work();
      onChanged();
    }, { failure: t('circles.changeFailed') });
  return (
    <li className="ww-circle-item ww-circle-suggestion" data-testid="circle-suggestion">
      <span className="ww-circle-item-title">
        <Tag minimal intent="warning" className="ww-circle-tag">
          {t('circles.suggestion')}
        </Tag>{' '}
        {suggestion.url ? <a href={suggestion.url} target="_blank" rel="noreferrer noopener">{suggestion.title}</a> : suggestion.title}
      </span>
      <Price price={suggestion.price} currency={suggestion.currency} />
      <span className="ww-circle-item-state">
        {t('circles.suggestedBy', { name: suggestion.suggestedBy })}
        {suggestion.reservedBy && ` · ${t('circles.reservedBy', { names: suggestion.reservedBy })}`}
      </span>
      <span className="ww-circle-item-actions">
        {!suggestion.reservedBy && <Button size="small" icon="shopping-cart" text={t('circles.reserve')} loading={busy} onClick={() => act(() => api.put('/wishlists/:id/suggestions/:suggestionId/reservation', { params }))} />}
        {suggestion.reservedByMe && <Button size="small" icon="undo" text={t('circles.release')} loading={busy} onClick={() => act(() => api.delete('/wishlists/:id/suggestions/:suggestionId/reservation', { params }))} />}
        {suggestion.mine && <Button size="small" variant="minimal" icon="trash" aria-label={t('circles.deleteSuggestion')} onClick={() => act(() => api.delete('/wishlists/:id/suggestions/:suggestionId', { params }))} />}
      </span>
    </li>
  );
}
