import { useCallback, useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { Link } from 'react-router';
import { sharePath, type Claim } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useCloseOnBack } from '../../ui/use-close-on-back';
import { ClaimDialog } from './ClaimDialog';
import './claims.css';

/** 'My reservations' on the dashboard: the signed-in user's purchase marks across lists. */
export function MyReservations() {
  const [claims, setClaims] = useState<Claim[]>([]);
  const [managing, setManaging] = useState<Claim | null>(null);
  useCloseOnBack(managing !== null, () => setManaging(null));
  const reload = useCallback(() => {
    api
      .get<Claim[]>('/reservations')
      .then(setClaims)
      .catch((error: unknown) => console.error('Could not load reservations', error));
  }, []);
  useEffect(reload, [reload]);

  if (claims.length === 0) return null;
  return (
    <section className="ww-my-reservations" aria-label="My reservations">
      <h2>My reservations</h2>
      <ul>
        {claims.map((claim) => (
          <li key={claim._id}>
            <span>
              <strong>{claim.quantityPurchased > 1 ? `${claim.quantityPurchased} × ` : ''}{claim.item.title}</strong> on{' '}
              <Link to={sharePath(claim.list._id)}>{claim.list.name}</Link>
            </span>
            <Button variant="outlined" size="small" icon="edit" text="Change or undo" onClick={() => setManaging(claim)} />
          </li>
        ))}
      </ul>
      {managing && (
        <ClaimDialog path={`/reservations/${managing._id}`} claim={managing} onClose={() => setManaging(null)} onSaved={reload} onGone={reload} />
      )}
    </section>
  );
}
