import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { api, errorMessage } from '../api/client';
import { notify } from '../notifications/notify';
import { FormDialogFooter } from '../ui/FormDialogFooter';

interface Props {
  /** "Referral Rule": the title reads "Add …" or "Edit …". */
  noun: string;
  /** The collection, e.g. "/referral-rules": POST there, or PUT to path/{id} when the entity has an id. */
  path: string;
  id: string | undefined;
  body: () => unknown;
  canSave?: boolean;
  /** Logged, and shown when the server sends no message ("Failed to save rule"). */
  failureText: string;
  onSaved: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The create/edit dialog of an admin entity: edit mode exactly when the entity has an _id (spec section 2). */
export function AdminFormDialog({ noun, path, id, body, canSave = true, failureText, onSaved, onClose, children }: Props) {
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      if (id) await api.put(`${path}/${id}`, body());
      else await api.post(path, body());
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
    <Dialog isOpen onClose={onClose} title={`${id ? 'Edit' : 'Add'} ${noun}`} className="ww-admin-dialog">
      <form onSubmit={save}>
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
