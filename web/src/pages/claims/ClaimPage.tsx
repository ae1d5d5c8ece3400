import { useEffect, useState } from 'react';
import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { Link, useParams } from 'react-router';
import { claimPath, sharePath, type Claim } from '@wishwell/shared/wishlist-types';
import { api, ApiRequestError } from '../../api/client';
import { usePageTitle } from '../../app/use-page-title';
import { ItemThumbnail } from '../../ui/ItemThumbnail';
import { ClaimEditor } from './ClaimEditor';
import { forgetClaim, updateRememberedClaim } from './guest-claims';
import './claims.css';

type Load = { state: 'loading' } | { state: 'gone' } | { state: 'failed' } | { state: 'undone'; listId: string } | { state: 'ready'; claim: Claim };

/** /claims/{token}: the page the mailed link opens, on any device, to change or undo a reservation. */
export default function ClaimPage() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  usePageTitle('Your reservation');
  const path = claimPath(token); // the page and its API call share the path

  useEffect(() => {
    api
      .get<Claim>(path)
      .then((claim) => setLoad({ state: 'ready', claim }))
      .catch((error: unknown) => setLoad({ state: error instanceof ApiRequestError && error.status === 404 ? 'gone' : 'failed' }));
  }, [path]);

  if (load.state === 'loading') return <Spinner className="ww-page-spinner" />;
  if (load.state === 'gone') {
    return (
      <NonIdealState
        icon="gift-box"
        title="This reservation no longer exists"
        description="It was undone, or the list owner listed the item again. Open the wishlist to mark a gift again."
      />
    );
  }
  if (load.state === 'failed') return <NonIdealState icon="offline" title="Could not load your reservation" description="The server did not answer. Try again in a moment." />;
  if (load.state === 'undone') {
    return (
      <NonIdealState
        icon="undo"
        title="Reservation undone"
        description="The item is listed again for others to give."
        action={<Link to={sharePath(load.listId)}>Back to the wishlist</Link>}
      />
    );
  }
  const { claim } = load;
  return (
    <div className="ww-claim-page">
      <h1>Your reservation</h1>
      <Card className="ww-claim-card">
        <ItemThumbnail imageUrl={claim.item.imageUrl} />
        <ClaimEditor
          claim={claim}
          path={path}
          onSaved={(saved) => {
            updateRememberedClaim(token, saved.quantityPurchased);
            setLoad({ state: 'ready', claim: saved });
          }}
          onUndone={() => {
            forgetClaim(token);
            setLoad({ state: 'undone', listId: claim.list._id });
          }}
          onGone={() => {
            forgetClaim(token);
            setLoad({ state: 'gone' });
          }}
        />
      </Card>
    </div>
  );
}
