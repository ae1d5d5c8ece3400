import { FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import type { DomainConfig, DomainConfigInput } from '@wishwell/shared/domain-config-types';
import { HEX_COLOR_PATTERN, NEW_DOMAIN_CONFIG_DEFAULTS } from '@wishwell/shared/domain-config-types';
import { api } from '../api/client';
import { AdminFormDialog, draftOf, TextField, useDraft, type AdminDialogProps } from './AdminFormDialog';
import { useAdminText } from './admin-text';

const NEW_CONFIG: DomainConfigInput = { hostname: '', companyName: '', ...NEW_DOMAIN_CONFIG_DEFAULTS, landingPageHeadline: '', landingPageSubheadline: '' };

const isHexColor = (value: string) => new RegExp(HEX_COLOR_PATTERN).test(value);

/** A hex colour as a picker beside its text (the text is what is saved). */
function ColorField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const t = useAdminText();
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup
        id={id}
        value={value}
        onValueChange={onChange}
        placeholder="#e84393"
        leftElement={
          <input
            type="color"
            className="ww-admin-color-swatch"
            aria-label={t('domainConfigs.colorPicker', { label })}
            value={isHexColor(value) && value.length === 7 ? value : '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
        }
      />
    </FormGroup>
  );
}

/** Domain config create/edit: branding for one hostname (a new one starts from the spec's defaults). The server validates (hex colours, logo address, unique hostname). */
export function DomainConfigDialog({ row: config, onSaved, onClose }: AdminDialogProps<DomainConfig>) {
  const t = useAdminText();
  const [draft, set] = useDraft(() => draftOf(NEW_CONFIG, config));
  const body = (): DomainConfigInput => ({ ...draft, hostname: draft.hostname.trim(), logoUrl: draft.logoUrl.trim() });
  const save = () => (config._id ? api.put('/domain-configs/:id', { params: { id: config._id }, body: body() }) : api.post('/domain-configs', { body: body() }));

  return (
    <AdminFormDialog texts="domainConfigs" editing={config._id !== undefined} save={save} onSaved={onSaved} onClose={onClose}>
      <TextField id="domain-hostname" label={t('domainConfigs.hostname')} value={draft.hostname} onChange={set('hostname')} example="wishes.example.com" />
      <TextField id="domain-company" label={t('domainConfigs.companyName')} value={draft.companyName} onChange={set('companyName')} example="Wishwell" />
      <TextField id="domain-logo" label={t('domainConfigs.logoUrl')} value={draft.logoUrl} onChange={set('logoUrl')} example="/Logo.png" />
      <ColorField id="domain-primary" label={t('domainConfigs.primaryColor')} value={draft.primaryColor} onChange={set('primaryColor')} />
      <ColorField id="domain-secondary" label={t('domainConfigs.secondaryColor')} value={draft.secondaryColor} onChange={set('secondaryColor')} />
      <TextField id="domain-headline" label={t('domainConfigs.headline')} value={draft.landingPageHeadline} onChange={set('landingPageHeadline')} />
      <FormGroup label={t('domainConfigs.subheadline')} labelFor="domain-subheadline">
        <TextArea id="domain-subheadline" fill rows={3} value={draft.landingPageSubheadline} onChange={(event) => set('landingPageSubheadline')(event.target.value)} />
      </FormGroup>
    </AdminFormDialog>
  );
}
