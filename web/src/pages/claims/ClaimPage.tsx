import { useEffect, useMemo, useState } from 'react';
import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Link, useParams } from '../../app/routing';
import { sharePath, type Claim } from '@wishwell/shared/wishlist-types';
import { ApiRequestError } from '../../api/client';
import { usePageTitle } from '../../app/use-page-title';
import { ItemThumbnail } from '../../ui/ItemThumbnail';
import { readClaim } from './claim-api';
import { ClaimEditor } from './ClaimEditor';
import { forgetClaim, updateRememberedClaim } from './guest-claims';
import './claims.css';

type Load = { state: 'loading' } | { state: 'gone' } | { state: 'failed' } | { state: 'undone'; listId: string } | { state: 'ready'; claim: Claim };

/** /claims/{token}: the page the mailed link opens, on any device, to change or undo a reservation. */
export default function ClaimPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  usePageTitle(t('claims.title'));
  const handle = useMemo(() => ({ token }), [token]);

  useEffect(() => {
    readClaim(token)
      .then((claim) => setLoad({ state: 'ready', claim }))
      .catch((error: unknown) => setLoad({ state: error instanceof ApiRequestError && error.status === 404 ? 'gone' : 'failed' }));
  }, [token]);

  if (load.state === 'loading') return <Spinner className="ww-page-spinner" />;
  if (load.state === 'gone') {
    return (
      <NonIdealState
        icon="gift-box"
        title={t('claims.gone')}
        description={`${t('claims.goneText')} ${t('claims.markAgain')}`}
      />
    );
  }
  if (load.state === 'failed') return <NonIdealState icon="offline" title={t('claims.loadFailed')} description={t('claims.loadFailedText')} />;
  if (load.state === 'undone') {
    return (
      <NonIdealState
        icon="undo"
        title={t('claims.undone')}
        description={t('claims.undoneText')}
        action={<Link to={sharePath(load.listId)}>{t('claims.backToList')}</Link>}
      />
    );
  }
  const { claim } = load;
  return (
    <div className="ww-claim-page">
      <h1>{t('claims.title')}</h1>
      <Card className="ww-claim-card">
        <ItemThumbnail imageUrl={claim.item.imageUrl} />
        <ClaimEditor
          claim={claim}
          handle={handle}
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
