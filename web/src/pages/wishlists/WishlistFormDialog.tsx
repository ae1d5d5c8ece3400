import { useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { COLOR_SETS, WISHLIST_THEMES, type ColorSet, type WishlistTheme } from '@wishwell/shared/constants';
import { defaultCoverImage, type Wishlist, type WishlistEditor, type WishlistInput } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';
import { localDay } from '../../ui/dates';
import { CoverImageField } from './CoverImageField';
import { ManageEditors } from './ManageEditors';
import { FormDialogFooter } from '../../ui/FormDialogFooter';
import { useLimitHelp } from '../../ui/use-limit-help';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';

const DATE_LIMITS = { min: '1900-01-01', max: '2099-12-31' };

/** An uploaded cover, or null when the list shows its theme's default cover. */
function uploadedCover(wishlist: Wishlist | undefined): string | null {
  if (!wishlist?.coverImage || wishlist.coverImage === defaultCoverImage(wishlist.theme)) return null;
  return wishlist.coverImage.startsWith('/covers/') ? null : wishlist.coverImage;
}

/** expiresAt is a timestamp; the form picks a day and the list expires at that day's end (local time). */
const endOfDay = (date: string) => (date ? new Date(`${date}T23:59:59`).toISOString() : null);
/** The surprise ends as the reveal day starts (local time). */
const startOfDay = (date: string) => (date ? new Date(`${date}T00:00:00`).toISOString() : null);
const inFuture = (iso: string | null | undefined) => !!iso && new Date(iso).getTime() > Date.now();

interface Props {
  /** The list to edit; without it the dialog creates a new list. */
  wishlist?: Wishlist;
  onClose: () => void;
  /** After a save, with the list as the server answered it. */
  onSaved: (wishlist: Wishlist) => void;
  /** After an editor was added or removed (owners only). */
  onEditorsChanged?: (editors: WishlistEditor[]) => void;
}

/** Create Wishlist and Edit List: one form for both. */
export function WishlistFormDialog({ wishlist, onClose, onSaved, onEditorsChanged }: Props) {
  const { t } = useTranslation();
  const limitHelp = useLimitHelp();
  const [name, setName] = useState(wishlist?.name ?? '');
  const [description, setDescription] = useState(wishlist?.description ?? '');
  const [theme, setTheme] = useState<WishlistTheme>(wishlist?.theme ?? 'Other');
  const [eventDate, setEventDate] = useState(wishlist?.eventDate ?? '');
  const [isRecurring, setIsRecurring] = useState(wishlist?.isRecurring ?? false);
  const [expiresOn, setExpiresOn] = useState(localDay(wishlist?.expiresAt));
  const [colorSet, setColorSet] = useState<ColorSet>(wishlist?.colorSet ?? 'default');
  const [coverImage, setCoverImage] = useState(uploadedCover(wishlist));
  const [surpriseOn, setSurpriseOn] = useState(inFuture(wishlist?.surpriseUntil) ? localDay(wishlist?.surpriseUntil) : '');
  const [editorsSeeClaims, setEditorsSeeClaims] = useState(wishlist?.editorsSeeClaims ?? false);
  const [allowOverPledge, setAllowOverPledge] = useState(wishlist?.allowOverPledge ?? false);
  const [showSuggestions, setShowSuggestions] = useState(wishlist?.showSuggestions ?? false);
  // Surprise mode is the owner's: editors neither see nor send it.
  const ownsList = !wishlist || wishlist.role !== 'editor';
  const { busy: saving, run } = useAsyncAction();
  const hasPurchases = wishlist?.items.some((item) => item.quantityPurchased > 0) ?? false;

  const save = async (event: FormEvent, reveal = false) => {
    event.preventDefault();
    const surprise = ownsList ? { surpriseUntil: reveal ? null : startOfDay(surpriseOn), editorsSeeClaims } : {};
    const body: WishlistInput = {
      ...surprise,
      allowOverPledge,
      name: name.trim(),
      description,
      theme,
      eventDate: eventDate || null,
      isRecurring,
      expiresAt: endOfDay(expiresOn),
      colorSet,
      coverImage,
    };
    await run(async () => {
      const saved = wishlist ? await api.put('/wishlists/:id', { params: { id: wishlist._id }, body }) : await api.post('/wishlists', { body });
      const switched = wishlist?.role === 'owner' && showSuggestions !== wishlist.showSuggestions;
      const shown = switched ? (await api.put('/wishlists/:id/show-suggestions', { params: { id: wishlist._id }, body: { show: showSuggestions } })).showSuggestions : saved.showSuggestions;
      onSaved({ ...saved, showSuggestions: shown });
      onClose();
    }, wishlist ? { success: t('listForm.updated'), failure: t('listForm.updateFailed') } : { failure: t('listForm.saveFailed') });
  };

  return (
    <Dialog isOpen onClose={onClose} title={wishlist ? t('listForm.editTitle') : t('listForm.createTitle')} className="ww-dialog">
      <form onSubmit={save}>
        <DialogBody>
          {hasPurchases && (
            <Callout intent="warning" className="ww-dialog-callout">
              {t('listForm.hasPurchases')}
            </Callout>
          )}
          <FormGroup label={t('listForm.name')} labelFor="wishlist-name" labelInfo={t('common.required')} helperText={limitHelp(name, TEXT_LIMITS.listName)}>
            <InputGroup id="wishlist-name" required maxLength={TEXT_LIMITS.listName} value={name} onValueChange={setName} autoFocus />
          </FormGroup>
          <FormGroup label={t('listForm.description')} labelFor="wishlist-description" helperText={limitHelp(description, TEXT_LIMITS.listDescription)}>
            <TextArea id="wishlist-description" fill rows={3} maxLength={TEXT_LIMITS.listDescription} value={description} onChange={(e) => setDescription(e.target.value)} />
          </FormGroup>
          <div className="ww-form-row">
            <FormGroup label={t('listForm.theme')} labelFor="wishlist-theme">
              <HTMLSelect id="wishlist-theme" fill value={theme} onChange={(e) => setTheme(e.currentTarget.value as WishlistTheme)} options={WISHLIST_THEMES.map((value) => ({ value, label: t(`themes.${value}`) }))} />
            </FormGroup>
            <FormGroup label={t('listForm.colorSet')} labelFor="wishlist-colors">
              <HTMLSelect
                id="wishlist-colors"
                fill
                value={colorSet}
                onChange={(e) => setColorSet(e.currentTarget.value as ColorSet)}
                options={COLOR_SETS.map((value) => ({ value, label: t(`colorSets.${value}`) }))}
              />
            </FormGroup>
          </div>
          <div className="ww-form-row">
            <FormGroup label={t('listForm.eventDate')} labelFor="wishlist-event-date">
              <input id="wishlist-event-date" type="date" className="bp6-input bp6-fill" {...DATE_LIMITS} value={eventDate} onChange={(e) => setEventDate(e.target.value)} />
            </FormGroup>
            <FormGroup label={t('listForm.expiresOn')} labelFor="wishlist-expires">
              <input id="wishlist-expires" type="date" className="bp6-input bp6-fill" {...DATE_LIMITS} value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
            </FormGroup>
          </div>
          <Checkbox label={t('listForm.recurring')} checked={isRecurring} onChange={(e) => setIsRecurring(e.currentTarget.checked)} />
          <Checkbox
            label={t('listForm.overPledge')}
            checked={allowOverPledge}
            onChange={(e) => setAllowOverPledge(e.currentTarget.checked)}
          />
          <CoverImageField value={coverImage} defaultCover={defaultCoverImage(theme)} onChange={setCoverImage} />
          {ownsList && (
            <div className="ww-surprise-settings">
              <FormGroup label={t('listForm.surpriseUntil')} labelFor="wishlist-surprise" helperText={t('listForm.surpriseHelp')}>
                <input id="wishlist-surprise" type="date" className="bp6-input bp6-fill" {...DATE_LIMITS} value={surpriseOn} onChange={(e) => setSurpriseOn(e.target.value)} />
              </FormGroup>
              {wishlist?.role === 'owner' && (
                <Checkbox label={t('listForm.editorsSeeClaims')} checked={editorsSeeClaims} onChange={(e) => setEditorsSeeClaims(e.currentTarget.checked)} />
              )}
              {inFuture(wishlist?.surpriseUntil) && <Button icon="eye-open" text={t('listForm.revealNow')} disabled={saving} onClick={(e) => void save(e, true)} />}
            </div>
          )}
          {wishlist?.role === 'owner' && (
            <Checkbox label={t('circles.showMeSuggestions')} checked={showSuggestions} onChange={(e) => setShowSuggestions(e.currentTarget.checked)} />
          )}
          {wishlist?.role === 'owner' && <ManageEditors wishlistId={wishlist._id} initialEditors={wishlist.editors} onChanged={(editors) => onEditorsChanged?.(editors)} />}
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText={wishlist ? t('listForm.save') : t('listForm.create')} busy={saving} />
      </form>
    </Dialog>
  );
}
