import { FormGroup, HTMLSelect, Switch, TextArea } from '@blueprintjs/core';
import { SCRAPER_STRATEGIES, type ScraperConfig, type ScraperConfigInput, type ScraperStrategy } from '@wishwell/shared/scraper-config-types';
import { api } from '../api/client';
import { AdminFormDialog, draftOf, TextField, useDraft, type AdminDialogProps } from './AdminFormDialog';
import { useAdminText } from './admin-text';

const NEW_CONFIG: Required<ScraperConfigInput> = {
  domain: '',
  strategy: 'cheerio',
  notes: '',
  titleSelector: '',
  priceSelector: '',
  imageSelector: '',
  imageAttribute: 'src',
  isPriceComplex: false,
};

/** Scraper config create/edit. Save needs the domain and the three selectors (spec section 5). */
export function ScraperConfigDialog({ row: config, onSaved, onClose }: AdminDialogProps<ScraperConfig>) {
  const t = useAdminText();
  // An empty image attribute reads as the default too.
  const [draft, set] = useDraft(() => ({ ...draftOf(NEW_CONFIG, config), imageAttribute: config.imageAttribute || NEW_CONFIG.imageAttribute }));
  const body = () => ({ ...draft, domain: draft.domain.trim() });
  const save = () => (config._id ? api.put('/scraper-configs/:id', { params: { id: config._id }, body: body() }) : api.post('/scraper-configs', { body: body() }));
  const canSave = [draft.domain, draft.titleSelector, draft.priceSelector, draft.imageSelector].every((value) => value.trim() !== '');

  return (
    <AdminFormDialog
      texts="scraperConfigs"
      editing={config._id !== undefined}
      save={save}
      canSave={canSave}
      onSaved={onSaved}
      onClose={onClose}
    >
      <TextField id="config-domain" label={t('scraperConfigs.domain')} value={draft.domain} onChange={set('domain')} example="example.com" />
      <FormGroup label={t('scraperConfigs.strategy')} labelFor="config-strategy">
        <HTMLSelect
          id="config-strategy"
          fill
          value={draft.strategy}
          onChange={(e) => set('strategy')(e.currentTarget.value as ScraperStrategy)}
          options={[...SCRAPER_STRATEGIES]}
        />
      </FormGroup>
      <FormGroup label={t('scraperConfigs.notes')} labelFor="config-notes">
        <TextArea id="config-notes" fill rows={2} value={draft.notes} onChange={(e) => set('notes')(e.target.value)} />
      </FormGroup>
      <TextField id="config-title" label={t('scraperConfigs.titleSelector')} value={draft.titleSelector} onChange={set('titleSelector')} example="h1.product-title" />
      <TextField id="config-price" label={t('scraperConfigs.priceSelector')} value={draft.priceSelector} onChange={set('priceSelector')} example=".price" />
      <TextField id="config-image" label={t('scraperConfigs.imageSelector')} value={draft.imageSelector} onChange={set('imageSelector')} example="img.main-image" />
      <TextField id="config-image-attribute" label={t('scraperConfigs.imageAttribute')} value={draft.imageAttribute} onChange={set('imageAttribute')} />
      <Switch label={t('scraperConfigs.priceIsComplex')} checked={draft.isPriceComplex} onChange={(e) => set('isPriceComplex')(e.currentTarget.checked)} />
    </AdminFormDialog>
  );
}
