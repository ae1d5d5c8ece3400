import { useEffect, useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import type { AddEditorInput, EditorInvitation, WishlistEditor } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';

/**
 * The owner's Manage Editors section: an e-mail address gets an invitation link (with or without
 * an account); it shows the editors who accepted and the invitations still pending, each removable.
 */
export function ManageEditors({ wishlistId, initialEditors, onChanged }: { wishlistId: string; initialEditors: WishlistEditor[]; onChanged: (editors: WishlistEditor[]) => void }) {
  const [editors, setEditors] = useState(initialEditors);
  const [invitations, setInvitations] = useState<EditorInvitation[]>([]);
  const [email, setEmail] = useState('');
  const { busy, run } = useAsyncAction();
  const invitationsPath = `/wishlists/${wishlistId}/invitations`;

  useEffect(() => {
    api.get<EditorInvitation[]>(invitationsPath).then(setInvitations, () => setInvitations([]));
  }, [invitationsPath]);

  const show = (changed: WishlistEditor[]) => {
    setEditors(changed);
    onChanged(changed);
  };

  const add = async () => {
    const address = email.trim();
    if (!address) return;
    await run(async () => {
      const body: AddEditorInput = { email: address };
      show(await api.post<WishlistEditor[]>(`/wishlists/${wishlistId}/editors`, body));
      setInvitations(await api.get<EditorInvitation[]>(invitationsPath));
      setEmail('');
    }, { success: `Invitation sent to ${address}`, failure: 'Could not add editor' });
  };

  const withdraw = (invitation: EditorInvitation) =>
    run(async () => setInvitations(await api.delete<EditorInvitation[]>(`${invitationsPath}/${invitation._id}`)), {
      success: 'Invitation withdrawn',
      failure: 'Could not withdraw the invitation',
    });

  const remove = (editor: WishlistEditor) =>
    run(async () => show(await api.delete<WishlistEditor[]>(`/wishlists/${wishlistId}/editors/${editor._id}`)), {
      success: 'Editor removed!',
      failure: 'Could not remove editor',
    });

  return (
    <section className="ww-editors" aria-labelledby="manage-editors">
      <h4 id="manage-editors">Manage Editors</h4>
      {editors.length === 0 && invitations.length === 0 ? (
        <p className="ww-muted">No editors yet. Editors can change the list and its items.</p>
      ) : (
        <ul className="ww-editor-list">
          {editors.map((editor) => (
            <li key={editor._id}>
              <span>
                {editor.name} <span className="ww-muted">({editor.email})</span>
              </span>
              <Button variant="minimal" size="small" icon="trash" aria-label={`Remove ${editor.email}`} onClick={() => void remove(editor)} />
            </li>
          ))}
          {invitations.map((invitation) => (
            <li key={invitation._id}>
              <span>
                {invitation.email} <span className="ww-muted">(invited, not yet accepted)</span>
              </span>
              <Button variant="minimal" size="small" icon="cross" aria-label={`Withdraw the invitation to ${invitation.email}`} onClick={() => void withdraw(invitation)} />
            </li>
          ))}
        </ul>
      )}
      {/* A div, not a form: this sits inside the list form and must not submit it. */}
      <div className="ww-editor-add">
        <InputGroup
          type="email"
          placeholder="Editor's e-mail address"
          aria-label="Editor's e-mail address"
          value={email}
          onValueChange={setEmail}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void add();
          }}
        />
        <Button text="Add Editor" onClick={() => void add()} loading={busy} />
      </div>
      <p className="ww-muted ww-editor-hint">They get an e-mail with a link and become an editor once they open it and sign in.</p>
    </section>
  );
}
