import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n/react';

/** The owner's page: how many follow the list (never who). Nothing while nobody does. */
export function FollowerCountNote({ listId }: { listId: string }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  useEffect(() => {
    api
      .get('/wishlists/:id/followers', { params: { id: listId } })
      .then((answer) => setCount(answer.count))
      .catch(() => setCount(0));
  }, [listId]);
  if (count === 0) return null;
  return <p className="ww-follower-count">{t('follow.count', { count })}</p>;
}
