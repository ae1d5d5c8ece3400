import { useState, type FormEvent, type ReactNode } from 'react';
import { Checkbox, Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, NumericInput, TextArea } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { ITEM_PRIORITIES, type ItemPriority } from '@wishwell/shared/constants';
import { fromMinorUnits } from '@wishwell/shared/money';
import { amountForInput } from '@wishwell/shared/money-input';
import { ISO_CURRENCY_CODES } from '@wishwell/shared/currency-tokens';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import type { Item, ItemInput } from '@wishwell/shared/wishlist-types';
import { api, ApiRequestError } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';
import { useAmountField } from '../../ui/use-amount-field';
import { useLimitHelp } from '../../ui/use-limit-help';
import { priceForInput, type ItemDraft } from './item-draft';
import { pasteOfLinks } from './bulk/several-links';
import { offersGroupGift, useReferralRules } from './referral-rules';
import { FormDialogFooter } from '../../ui/FormDialogFooter';
import { TitleField } from '../../ui/TitleField';

interface Props {
  wishlistId: string;
  initial: ItemDraft;
  /** The item being edited; without it the form adds a new item. */
  itemId?: string;
  /** Shown as the currency's placeholder: the owner's currency. */
  defaultCurrency: string;
  onClose: () => void;
  /** The saved item as the server answered it. */
  onSaved: (item: Item) => void;
  /** The item being edited was deleted meanwhile (another tab, an editor): the dialog closes and the list is read again. */
  onGone?: () => void;
  /** Shown above the fields: the list chooser when the dialog is opened from a captured page. */
  children?: ReactNode;
  /** Several links pasted into the link field (adding only): the bulk view takes them. */
  onManyLinks?: (links: string[]) => void;
}

/** The item added to the list, or changed when `itemId` is given; as the server answered it. */
function saveItem(wishlistId: string, itemId: string | undefined, body: ItemInput): Promise<Item> {
  return itemId ? api.put('/wishlists/:id/items/:itemId', { params: { id: wishlistId, itemId }, body }) : api.post('/wishlists/:id/items', { params: { id: wishlistId }, body });
}

/** Add and edit items: one form for both. */
export function ItemFormDialog({ wishlistId, initial, itemId, defaultCurrency, onClose, onSaved, onGone, children, onManyLinks }: Props) {
  const { t, i18n } = useTranslation();
  // The price field shows and reads amounts the viewer's way ('12,50' in German); the server gets '12.50'.
  const [draft, setDraft] = useState(() => ({ ...initial, price: priceForInput(initial.price, i18n.language) }));
  const { busy: saving, run } = useAsyncAction();
  const currency = draft.currency.trim().toUpperCase();
  // The server's check, before sending: only ISO 4217 codes ("ZZZ" would show as money nobody can pay).
  const currencyProblem = currency && !ISO_CURRENCY_CODES.has(currency) ? t('itemForm.currencyUnknown', { code: currency }) : undefined;
  const price = useAmountField(draft.price, { currency: (currencyProblem ? '' : currency) || defaultCurrency, currencyChangeable: true });
  const priceIsValid = price.problem === undefined;
  const valid = priceIsValid && currencyProblem === undefined;
  const limitHelp = useLimitHelp();
  const rules = useReferralRules();
  const groupGiftOffered = offersGroupGift(draft.url, rules);
  // The server's refusal of a quantity below what guests reserved, shown by the field until it changes.
  const [quantityProblem, setQuantityProblem] = useState<string | undefined>();
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body: ItemInput = {
      ...draft,
      title: draft.title.trim(),
      price: price.minor === null ? '' : fromMinorUnits(price.minor),
      quantity: Math.max(1, Math.floor(draft.quantity) || 1),
      currency,
      isGroupGift: groupGiftOffered && draft.isGroupGift,
    };
    if (!valid) return;
    await run(async () => {
      try {
        onSaved(await saveItem(wishlistId, itemId, body));
      } catch (error) {
        // The one conflict an item save has: a quantity below the units guests reserved.
        if (error instanceof ApiRequestError && error.status === 409) setQuantityProblem(error.serverMessage ?? undefined);
        if (itemId && error instanceof ApiRequestError && error.status === 404) {
          onClose();
          onGone?.();
          throw new ApiRequestError(404, t('itemForm.removedMeanwhile'));
        }
        throw error;
      }
      onClose();
    }, { success: itemId ? t('itemForm.updated') : t('itemForm.added'), failure: t('itemForm.failed') });
  };

  return (
    <Dialog isOpen onClose={onClose} title={itemId ? t('itemForm.editTitle') : t('itemForm.addTitle')} className="ww-dialog">
      <form onSubmit={save}>
        <DialogBody>
          {children}
          <FormGroup label={t('itemForm.title')} labelFor="item-title" labelInfo={t('common.required')} helperText={limitHelp(draft.title, TEXT_LIMITS.itemTitle)}>
            <TitleField id="item-title" required autoFocus maxLength={TEXT_LIMITS.itemTitle} value={draft.title} onValueChange={(value) => set('title', value)} />
          </FormGroup>
          <FormGroup label={t('itemForm.link')} labelFor="item-url">
            <InputGroup
              id="item-url"
              type="url"
              placeholder="https://"
              value={draft.url}
              onValueChange={(value) => set('url', value)}
              onPaste={onManyLinks && pasteOfLinks(onManyLinks)}
            />
          </FormGroup>
          <FormGroup label={t('itemForm.description')} labelFor="item-description" helperText={limitHelp(draft.description, TEXT_LIMITS.itemDescription, t('itemForm.descriptionHelp'))}>
            <TextArea id="item-description" fill rows={2} maxLength={TEXT_LIMITS.itemDescription} value={draft.description} onChange={(e) => set('description', e.target.value)} />
          </FormGroup>
          <FormGroup label={t('itemForm.notes')} labelFor="item-notes" helperText={limitHelp(draft.notes, TEXT_LIMITS.itemNotes, t('itemForm.notesHelp'))}>
            <TextArea id="item-notes" fill rows={2} maxLength={TEXT_LIMITS.itemNotes} value={draft.notes} onChange={(e) => set('notes', e.target.value)} />
          </FormGroup>
          <div className="ww-form-row">
            <FormGroup label={t('itemForm.quantity')} labelFor="item-quantity" intent={quantityProblem ? 'danger' : 'none'} helperText={quantityProblem}>
              <NumericInput
                id="item-quantity"
                fill
                min={1}
                minorStepSize={null}
                stepSize={1}
                clampValueOnBlur
                intent={quantityProblem ? 'danger' : 'none'}
                aria-invalid={quantityProblem !== undefined}
                value={draft.quantity}
                onValueChange={(value) => {
                  setQuantityProblem(undefined);
                  set('quantity', value);
                }}
              />
            </FormGroup>
            <FormGroup label={t('itemForm.priority')} labelFor="item-priority">
              <HTMLSelect id="item-priority" fill value={draft.priority} options={ITEM_PRIORITIES.map((value) => ({ value, label: t(`itemForm.priorityLevel_${value}`) }))} onChange={(e) => set('priority', e.currentTarget.value as ItemPriority)} />
            </FormGroup>
          </div>
          <div className="ww-form-row">
            <FormGroup label={t('itemForm.price')} labelFor="item-price" intent={priceIsValid ? 'none' : 'danger'} helperText={price.problem}>
              <InputGroup
                id="item-price"
                inputMode="decimal"
                placeholder={amountForInput(0, i18n.language)}
                intent={priceIsValid ? 'none' : 'danger'}
                aria-invalid={!priceIsValid}
                value={draft.price}
                onValueChange={(value) => set('price', value)}
              />
            </FormGroup>
            <FormGroup label={t('itemForm.currency')} labelFor="item-currency" intent={currencyProblem ? 'danger' : 'none'} helperText={currencyProblem}>
              <InputGroup
                id="item-currency"
                maxLength={3}
                placeholder={defaultCurrency}
                intent={currencyProblem ? 'danger' : 'none'}
                aria-invalid={currencyProblem !== undefined}
                value={draft.currency}
                onValueChange={(value) => set('currency', value)}
              />
            </FormGroup>
          </div>
          <FormGroup label={t('itemForm.image')} labelFor="item-image">
            <InputGroup id="item-image" type="url" placeholder="https://" value={draft.imageUrl} onValueChange={(value) => set('imageUrl', value)} />
          </FormGroup>
          {groupGiftOffered && (
            <Checkbox
              label={t('itemForm.groupGift')}
              checked={draft.isGroupGift}
              onChange={(e) => set('isGroupGift', e.currentTarget.checked)}
            />
          )}
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText={itemId ? t('itemForm.save') : t('itemForm.addTitle')} busy={saving} disabled={!valid} />
      </form>
    </Dialog>
  );
}
