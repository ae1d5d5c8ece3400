import { useEffect, useState } from 'react';
import { Switch, Tag } from '@blueprintjs/core';
import type { Suggestion } from '@wishwell/shared/circle-types';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { useAsyncAction } from '../../ui/use-async-action';

/** The owner's "show me suggestions" switch, and the ideas once on: never whether or by whom one is reserved. */
export function OwnerSuggestions({ listId, shown }: { listId: string; shown: boolean }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(shown);
  const [ideas, setIdeas] = useState<Suggestion[]>([]);
  const { run } = useAsyncAction();
  useEffect(() => {
    if (!on) return setIdeas([]);
    api.get('/wishlists/:id/suggestions', { params: { id: listId } }).then(setIdeas, () => setIdeas([]));
  }, [listId, on]);
  const toggle = (show: boolean) => void run(async () => setOn((await api.put('/wishlists/:id/show-suggestions', { params: { id: listId }, body: { show } })).showSuggestions), { failure: t('circles.changeFailed') });
  return (
    <div className="ww-owner-suggestions">
      <Switch label={t('circles.showMeSuggestions')} checked={on} onChange={(event) => toggle(event.currentTarget.checked)} />
      {on && ideas.length > 0 && (
        <ul>
          {ideas.map((idea) => (
            <li key={idea._id}>
              <Tag minimal intent="warning">
                {t('circles.suggestion')}
              </Tag>{' '}
              {idea.url ? <a href={idea.url} target="_blank" rel="noreferrer noopener">{idea.title}</a> : idea.title}
              {idea.suggestedBy && ` · ${t('circles.suggestedBy', { name: idea.suggestedBy })}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
