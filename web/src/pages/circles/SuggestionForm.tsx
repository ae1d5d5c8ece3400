import { useState, type FormEvent } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { useAsyncAction } from '../../ui/use-async-action';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';

/** Adds a gift idea to someone else's list: its owner never sees it. */
export function SuggestionForm({ listId, onAdded }: { listId: string; onAdded: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const { busy, run } = useAsyncAction();
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.post('/wishlists/:id/suggestions', { params: { id: listId }, body: url.trim() ? { title, url } : { title } });
      setTitle('');
      setUrl('');
      onAdded();
    }, { failure: t('circles.suggestFailed') });
  };
  return (
    <form className="ww-circle-suggest" onSubmit={add}>
      <InputGroup aria-label={t('circles.suggestTitle')} placeholder={t('circles.suggestTitle')} value={title} maxLength={TEXT_LIMITS.itemTitle} required onValueChange={setTitle} />
      <InputGroup aria-label={t('circles.suggestLink')} placeholder={t('circles.suggestLink')} value={url} maxLength={2048} type="url" onValueChange={setUrl} />
      <Button type="submit" icon="plus" text={t('circles.suggest')} loading={busy} />
    </form>
  );
}
