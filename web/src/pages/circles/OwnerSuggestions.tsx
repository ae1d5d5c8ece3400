import { Tag } from '@blueprintjs/core';
import type { Suggestion } from '@wishwell/shared/circle-types';
import { api } from '../../api/client';
import { useAnswer } from '../../api/use-answer';
import { useTranslation } from '../../i18n/react';

/**
 * The gift ideas others suggested, for an owner who asked to see them (Edit List's "show me
 * suggestions"): never whether or by whom one is reserved.
 */
export function OwnerSuggestions({ listId }: { listId: string }) {
  const { t } = useTranslation();
  const ideas = useAnswer(() => api.get('/wishlists/:id/suggestions', { params: { id: listId } }).catch((): Suggestion[] => []), [listId]) ?? [];
  if (ideas.length === 0) return null;
  return (
    <div className="ww-owner-suggestions">
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
    </div>
  );
}
