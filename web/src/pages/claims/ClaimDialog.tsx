import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogBody, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { Claim } from '@wishwell/shared/wishlist-types';
import { ApiRequestError } from '../../api/client';
import { readClaim, type ClaimHandle } from './claim-api';
import { ClaimEditor } from './ClaimEditor';

type Load = { state: 'loading' } | { state: 'gone' } | { state: 'failed' } | { state: 'ready'; claim: Claim };

/** The claim at hand (the dashboard's list), or a guest's token to read it by. */
type Target = { handle: ClaimHandle; claim: Claim } | { handle: { token: string }; claim?: undefined };

type Props = Target & {
  onClose: () => void;
  onSaved: (claim: Claim) => void;
  /** Undone here, or found gone: either way there is nothing left to manage. */
  onGone: () => void;
};

/** 'Change or undo' in a dialog: the share page and the dashboard's My reservations. */
export function ClaimDialog({ handle, claim, onClose, onSaved, onGone }: Props) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>(claim ? { state: 'ready', claim } : { state: 'loading' });
  const whenGone = useRef(onGone);
  whenGone.current = onGone;
  const token = 'token' in handle ? handle.token : null;
  useEffect(() => {
    if (claim || token === null) return;
    readClaim(token)
      .then((found) => setLoad({ state: 'ready', claim: found }))
      .catch((error: unknown) => {
        const gone = error instanceof ApiRequestError && error.status === 404;
        if (gone) whenGone.current();
        setLoad({ state: gone ? 'gone' : 'failed' });
      });
  }, [token, claim]);

  return (
    <Dialog isOpen onClose={onClose} title={t('claims.title')} className="ww-dialog">
      <DialogBody>
        {load.state === 'loading' && <Spinner />}
        {load.state === 'gone' && <NonIdealState icon="gift-box" title={t('claims.gone')} description={t('claims.goneText')} />}
        {load.state === 'failed' && <NonIdealState icon="offline" title={t('claims.loadFailed')} description={t('claims.loadFailedText')} />}
        {load.state === 'ready' && (
          <ClaimEditor
            claim={load.claim}
            handle={handle}
            onSaved={(saved) => {
              onSaved(saved);
              onClose();
            }}
            onUndone={() => {
              onGone();
              onClose();
            }}
            onGone={() => {
              onGone();
              onClose();
            }}
          />
        )}
      </DialogBody>
    </Dialog>
  );
}
