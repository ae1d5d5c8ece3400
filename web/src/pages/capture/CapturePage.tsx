import { useEffect, useRef, useState } from 'react';
import { Callout, FormGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../app/routing';
import type { CapturedPage, CapturedPageResult } from '@wishwell/shared/scrape-types';
import { ownerPath, type WishlistSummary } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { ItemFormDialog } from '../wishlists/ItemFormDialog';
import { draftFromScrape } from '../wishlists/item-draft';
import { ListedProductsDialog } from './ListedProductsDialog';
import { capturedPageOf, errorFromFragment, READY_MESSAGE, resultFromFragment } from './capture-handoff';

type Capture = { state: 'waiting' } | { state: 'failed'; message: string } | { state: 'read'; result: CapturedPageResult; pageUrl: string };

/**
 * The page a captured product arrives at: from the bookmarklet (posted by its opener, read here
 * through POST /scrape/page with the session) or from the extension (already read, in the
 * fragment). The Add Item dialog opens prefilled, with the list to add to.
 */
export default function CapturePage() {
  const { t } = useTranslation();
  const capture = useCapture(t('capture.failed'));
  const lists = useLists();

  if (capture.state === 'failed') return <Callout intent="warning" className="ww-capture-note" title={t('capture.failedTitle')}>{capture.message}</Callout>;
  if (capture.state === 'waiting' || lists === null) return <Spinner className="ww-page-spinner" aria-label={t('capture.reading')} />;
  if (lists.length === 0) return <Callout intent="primary" className="ww-capture-note">{t('capture.noLists')}</Callout>;
  return <CaptureDialog result={capture.result} pageUrl={capture.pageUrl} lists={lists} />;
}

/** The Add Item dialog for the page's product, or first the products it lists when it lists several. */
function CaptureDialog({ result, pageUrl, lists }: { result: CapturedPageResult; pageUrl: string; lists: WishlistSummary[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [listId, setListId] = useState(lists[0]!._id);
  const [several, setSeveral] = useState(result.products.length >= 2);
  // The dialog closes after saving too: then the list it went to opens, else the dashboard.
  const savedTo = useRef<string | null>(null);
  const close = () => void navigate(savedTo.current ? ownerPath(savedTo.current) : '/dashboard');
  const chooser = (
    <FormGroup label={t('capture.list')} labelFor="capture-list">
      <HTMLSelect id="capture-list" fill value={listId} options={lists.map((list) => ({ value: list._id, label: list.name }))} onChange={(e) => setListId(e.currentTarget.value)} />
    </FormGroup>
  );
  if (several) {
    return (
      <ListedProductsDialog products={result.products} wishlistId={listId} onClose={close} onAdded={() => void navigate(ownerPath(listId))} onOnlyThisPage={() => setSeveral(false)}>
        {chooser}
      </ListedProductsDialog>
    );
  }
  return (
    <ItemFormDialog
      wishlistId={listId}
      initial={draftFromScrape(result, pageUrl)}
      // The chosen list's currency, as its own Add Item dialog has it (an editor's list is its owner's).
      defaultCurrency={lists.find((list) => list._id === listId)!.currency}
      onClose={close}
      onSaved={() => (savedTo.current = listId)}
    >
      {chooser}
    </ItemFormDialog>
  );
}

/** The captured product: the fragment's, else the page the opener posts once told this page is ready. */
function useCapture(fallback: string): Capture {
  const [capture, setCapture] = useState<Capture>(() => fromFragment(typeof location === 'undefined' ? '' : location.hash));
  useEffect(() => {
    if (capture.state !== 'waiting') return;
    if (!window.opener) {
      setCapture({ state: 'failed', message: fallback });
      return;
    }
    const opener = window.opener as Window;
    const receive = (event: MessageEvent) => {
      const page = event.source === opener ? capturedPageOf(event.data) : null;
      if (!page) return;
      window.removeEventListener('message', receive);
      void read(page).then(setCapture);
    };
    const read = (page: CapturedPage): Promise<Capture> =>
      api.post('/scrape/page', { body: page }).then(
        (result) => ({ state: 'read', result, pageUrl: page.url }),
        (error: unknown) => ({ state: 'failed', message: errorMessage(error, fallback) }),
      );
    window.addEventListener('message', receive);
    // Only a greeting: the opener checks this window is its own before it posts the page here.
    opener.postMessage({ type: READY_MESSAGE }, '*');
    return () => window.removeEventListener('message', receive);
  }, [capture.state, fallback]);
  return capture;
}

function fromFragment(hash: string): Capture {
  const result = resultFromFragment(hash);
  if (result) return { state: 'read', result, pageUrl: result.url };
  const error = errorFromFragment(hash);
  return error ? { state: 'failed', message: error } : { state: 'waiting' };
}

function useLists(): WishlistSummary[] | null {
  const [lists, setLists] = useState<WishlistSummary[] | null>(null);
  useEffect(() => {
    void api.get('/wishlists').then(setLists, () => setLists([]));
  }, []);
  return lists;
}
