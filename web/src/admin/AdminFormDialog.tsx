import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { errorMessage } from '../api/client';
import { notify } from '../notifications/notify';
import { FormDialogFooter } from '../ui/FormDialogFooter';
import { useAdminText } from './admin-text';

/** The admin entities' groups in the admin catalogue. */
export type AdminEntityTexts = 'referralRules' | 'domainConfigs' | 'scraperConfigs';

/** What an admin entity's create/edit dialog is given. */
export interface AdminDialogProps<T> {
  /** The entity to edit; one without an _id is created. */
  row: Partial<T>;
  onSaved: () => void;
  onClose: () => void;
}

interface Props {
  /** The entity's group in the admin catalogue, holding the titles (`addTitle`, `editTitle`) and `saveFailed`, shown when the server sends no message. */
  texts: AdminEntityTexts;
  /** Whether the entity exists (has an _id): the title reads "Edit …", else "Add …". */
  editing: boolean;
  /** Creates or updates the entity (POST to its collection, or PUT to its own path). */
  save: () => Promise<unknown>;
  canSave?: boolean;
  onSaved: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The create/edit dialog of an admin entity: edit mode exactly when the entity has an _id (spec section 2). */
export function AdminFormDialog({ texts, editing, save, canSave = true, onSaved, onClose, children }: Props) {
  const t = useAdminText();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      await save();
      onSaved();
      onClose();
    } catch (error) {
      console.error(`Failed to save (${texts})`, error);
      notify(errorMessage(error, t(`${texts}.saveFailed`)), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(`${texts}.${editing ? 'editTitle' : 'addTitle'}`)} className="ww-admin-dialog">
      <form onSubmit={submit}>
        <DialogBody>{children}</DialogBody>
        <FormDialogFooter onCancel={onClose} submitText={t('common.save')} busy={saving} disabled={!canSave} />
      </form>
    </Dialog>
  );
}

/**
 * A labelled one-line text field of an admin dialog. Its `example` is said under it ('For example:
 * amazon.co.uk'), not put in it as a placeholder: an empty form would read as a filled one.
 */
export function TextField(props: { id: string; label: string; value: string; onChange: (value: string) => void; example?: string; labelInfo?: string }) {
  const t = useAdminText();
  return (
    <FormGroup label={props.label} labelFor={props.id} labelInfo={props.labelInfo} helperText={props.example && t('common.forExample', { example: props.example })}>
      <InputGroup id={props.id} value={props.value} onValueChange={props.onChange} />
    </FormGroup>
  );
}

/** A form's starting values: the entity's own where it has one (not null), else the default. */
export function draftOf<D extends object>(defaults: D, entity: { [K in keyof D]?: D[K] | null }): D {
  return Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, entity[key as keyof D] ?? value])) as D;
}

/** Form state for a flat object of fields, with a setter per field. */
export function useDraft<T extends object>(initial: () => T) {
  const [draft, setDraft] = useState(initial);
  const set =
    <K extends keyof T>(key: K) =>
    (value: T[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  return [draft, set] as const;
}
