import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { errorMessage } from '../api/client';
import { notify } from '../notifications/notify';
import { FormDialogFooter } from '../ui/FormDialogFooter';

interface Props {
  /** "Referral Rule": the title reads "Add …" or "Edit …". */
  noun: string;
  /** Whether the entity exists (has an _id): the title reads "Edit …", else "Add …". */
  editing: boolean;
  /** Creates or updates the entity (POST to its collection, or PUT to its own path). */
  save: () => Promise<unknown>;
  canSave?: boolean;
  /** Logged, and shown when the server sends no message ("Failed to save rule"). */
  failureText: string;
  onSaved: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The create/edit dialog of an admin entity: edit mode exactly when the entity has an _id (spec section 2). */
export function AdminFormDialog({ noun, editing, save, canSave = true, failureText, onSaved, onClose, children }: Props) {
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
      console.error(failureText, error);
      notify(errorMessage(error, failureText), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={`${editing ? 'Edit' : 'Add'} ${noun}`} className="ww-admin-dialog">
      <form onSubmit={submit}>
        <DialogBody>{children}</DialogBody>
        <FormDialogFooter onCancel={onClose} submitText="Save" busy={saving} disabled={!canSave} />
      </form>
    </Dialog>
  );
}

/** A labelled one-line text field of an admin dialog. */
export function TextField(props: { id: string; label: string; value: string; onChange: (value: string) => void; placeholder?: string; labelInfo?: string }) {
  return (
    <FormGroup label={props.label} labelFor={props.id} labelInfo={props.labelInfo}>
      <InputGroup id={props.id} value={props.value} onValueChange={props.onChange} placeholder={props.placeholder} />
    </FormGroup>
  );
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
