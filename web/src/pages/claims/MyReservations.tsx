import { useCallback, useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../app/routing';
import { formatPrice } from '@wishwell/shared/price-format';
import { sharePath, type Claim } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useCloseOnBack } from '../../ui/use-close-on-back';
import { Sentence } from '../../i18n/Sentence';
import { ClaimDialog } from './ClaimDialog';
import { ClaimedItem } from './ClaimedItem';
import './claims.css';

/** 'My reservations' on the dashboard: the signed-in user's purchase marks and pledges across lists. */
export function MyReservations() {
  const { t, i18n } = useTranslation();
  const [claims, setClaims] = useState<Claim[]>([]);
  const [managing, setManaging] = useState<Claim | null>(null);
  useCloseOnBack(managing !== null, () => setManaging(null));
  const reload = useCallback(() => {
    api
      .get('/reservations')
      .then(setClaims)
      .catch((error: unknown) => console.error('Could not load reservations', error));
  }, []);
  useEffect(reload, [reload]);

  if (claims.length === 0) return null;
  return (
    <section className="ww-my-reservations" aria-label={t('claims.mine')}>
      <h2>{t('claims.mine')}</h2>
      <ul>
        {claims.map((claim) => (
          <li key={claim._id}>
            <span>
              <Sentence
                i18nKey={claim.kind === 'pledge' ? 'claims.pledgeOn' : 'claims.itemOn'}
                values={{ amount: formatPrice(claim.amount, claim.item.currency, i18n.language) }}
                parts={{ item: <ClaimedItem claim={claim} />, list: <Link to={sharePath(claim.list._id)}>{claim.list.name}</Link> }}
              />
            </span>
            <Button variant="outlined" size="small" icon="edit" text={t('claims.changeOrUndo')} onClick={() => setManaging(claim)} />
          </li>
        ))}
      </ul>
      {managing && (
        <ClaimDialog handle={{ reservationId: managing._id }} claim={managing} onClose={() => setManaging(null)} onSaved={reload} onGone={reload} />
      )}
    </section>
  );
}
