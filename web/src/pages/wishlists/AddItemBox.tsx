import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { ScrapeRequest } from '@wishwell/shared/scrape-types';
import { api, ApiRequestError } from '../../api/client';
import { notify } from '../../notifications/notify';
import { asWebAddress, blankItem, draftFromScrape, type ItemDraft } from './item-draft';
import { pasteOfLinks, severalLinks } from './bulk/several-links';
import { usePhoneLayout } from '../../ui/use-media-query';

/**
 * The Add Item box: empty opens a blank form, a web address is scraped into a prefilled form,
 * text holding several links (pasted or typed) opens the bulk view, anything else becomes the new
 * item's title.
 */
interface Props {
  onOpenForm: (draft: ItemDraft) => void;
  onManyLinks: (links: string[]) => void;
  /** A link shared to the app (see ShareTargetPage): read at once, as if pasted and added. */
  sharedLink?: string | null;
  onSharedLinkTaken?: () => void;
}

/** A refusal the server explains (scraping off for the shop, an address it may not read, a rate limit) is shown as it says. */
const refusalOf = (error: unknown) => (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.serverMessage : null);

export function AddItemBox({ onOpenForm, onManyLinks, sharedLink, onSharedLinkTaken }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(sharedLink ?? '');
  const [scraping, setScraping] = useState(false);
  const phone = usePhoneLayout();

  const add = async (text: string) => {
    const links = severalLinks(text);
    if (links) {
      onManyLinks(links);
      setText('');
      return;
    }
    const url = asWebAddress(text);
    if (!url) {
      onOpenForm(blankItem({ title: text.trim() }));
      setText('');
      return;
    }
    setScraping(true);
    try {
      const body: ScrapeRequest = { url, userAgent: navigator.userAgent };
      const result = await api.post('/scrape', { body });
      if (!result.title) notify(t('addItem.incomplete'), 'warning');
      onOpenForm(draftFromScrape(result, url));
    } catch (error) {
      notify(refusalOf(error) ?? t('addItem.scrapeFailed'), 'warning');
      onOpenForm(blankItem({ url }));
    } finally {
      setScraping(false);
      setText('');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void add(text);
  };

  const taken = useRef(false);
  useEffect(() => {
    if (!sharedLink || taken.current) return;
    taken.current = true;
    onSharedLinkTaken?.();
    void add(sharedLink);
  });

  return (
    <form className="ww-add-item" onSubmit={submit}>
      <InputGroup
        size="large"
        fill
        aria-label={t('addItem.label')}
        placeholder={t(phone ? 'addItem.placeholderShort' : 'addItem.placeholder')}
        value={text}
        onValueChange={setText}
        onPaste={pasteOfLinks(onManyLinks)}
        disabled={scraping}
      />
      <Button type="submit" size="large" icon="plus" className="ww-accent-button ww-add-item-button" text={t('addItem.button')} aria-label={t('addItem.button')} loading={scraping} />
    </form>
  );
}
