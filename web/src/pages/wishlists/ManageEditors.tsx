import { useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import type { AddEditorInput, WishlistEditor } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';

/** The owner's Manage Editors section: editors are added by the e-mail of an existing account. */
export function ManageEditors({ wishlistId, initialEditors, onChanged }: { wishlistId: string; initialEditors: WishlistEditor[]; onChanged: (editors: WishlistEditor[]) => void }) {
  const [editors, setEditors] = useState(initialEditors);
  const [email, setEmail] = useState('');
  const { busy, run } = useAsyncAction();

  const show = (changed: WishlistEditor[]) => {
    setEditors(changed);
    onChanged(changed);
  };

  const add = async () => {
    if (!email.trim()) return;
    await run(async () => {
      const body: AddEditorInput = { email: email.trim() };
      show(await api.post<WishlistEditor[]>(`/wishlists/${wishlistId}/editors`, body));
      setEmail('');
    }, { success: 'Editor added!', failure: 'Could not add editor' });
  };

  const remove = (editor: WishlistEditor) =>
    run(async () => show(await api.delete<WishlistEditor[]>(`/wishlists/${wishlistId}/editors/${editor._id}`)), {
      success: 'Editor removed!',
      failure: 'Could not remove editor',
    });

  return (
    <section className="ww-editors" aria-labelledby="manage-editors">
      <h4 id="manage-editors">Manage Editors</h4>
      {editors.length === 0 ? (
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
    </section>
  );
}
