import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogBody, NonIdealState, Spinner } from '@blueprintjs/core';
import type { Claim } from '@wishwell/shared/wishlist-types';
import { api, ApiRequestError } from '../../api/client';
import { ClaimEditor } from './ClaimEditor';

type Load = { state: 'loading' } | { state: 'gone' } | { state: 'failed' } | { state: 'ready'; claim: Claim };

interface Props {
  /** Where the claim is read, changed and undone: /claims/{token} or /reservations/{id}. */
  path: string;
  /** An answer already at hand (the dashboard's list); otherwise the dialog reads the claim. */
  claim?: Claim;
  onClose: () => void;
  onSaved: (claim: Claim) => void;
  /** Undone here, or found gone: either way there is nothing left to manage. */
  onGone: () => void;
}

/** 'Change or undo' in a dialog: the share page and the dashboard's My reservations. */
export function ClaimDialog({ path, claim, onClose, onSaved, onGone }: Props) {
  const [load, setLoad] = useState<Load>(claim ? { state: 'ready', claim } : { state: 'loading' });
  const whenGone = useRef(onGone);
  whenGone.current = onGone;
  useEffect(() => {
    if (claim) return;
    api
      .get<Claim>(path)
      .then((found) => setLoad({ state: 'ready', claim: found }))
      .catch((error: unknown) => {
        const gone = error instanceof ApiRequestError && error.status === 404;
        if (gone) whenGone.current();
        setLoad({ state: gone ? 'gone' : 'failed' });
      });
  }, [path, claim]);

  return (
    <Dialog isOpen onClose={onClose} title="Your reservation" className="ww-dialog">
      <DialogBody>
        {load.state === 'loading' && <Spinner />}
        {load.state === 'gone' && <NonIdealState icon="gift-box" title="This reservation no longer exists" description="It was undone, or the list owner listed the item again." />}
        {load.state === 'failed' && <NonIdealState icon="offline" title="Could not load your reservation" description="The server did not answer. Try again in a moment." />}
        {load.state === 'ready' && (
          <ClaimEditor
            claim={load.claim}
            path={path}
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
