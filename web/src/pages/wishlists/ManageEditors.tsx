import { useCallback, useEffect, useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { AddEditorInput, EditorInvitation, WishlistEditor } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useCanSendMail } from '../../api/server-features';
import { notify } from '../../notifications/notify';
import { useAsyncAction } from '../../ui/use-async-action';
import { InvitationLinkNote } from './InvitationLinkNote';

/**
 * The owner's Manage Editors section: an e-mail address gets an invitation link (with or without
 * an account); it shows the editors who accepted and the invitations still pending, each removable.
 * On a server that cannot send mail it shows the invitation's link to pass on instead.
 */
export function ManageEditors({ wishlistId, initialEditors, onChanged }: { wishlistId: string; initialEditors: WishlistEditor[]; onChanged: (editors: WishlistEditor[]) => void }) {
  const { t } = useTranslation();
  const [editors, setEditors] = useState(initialEditors);
  const [invitations, setInvitations] = useState<EditorInvitation[]>([]);
  const [email, setEmail] = useState('');
  const [unsent, setUnsent] = useState<{ email: string; link: string } | null>(null);
  const { busy, run } = useAsyncAction();
  const canSendMail = useCanSendMail();
  const loadInvitations = useCallback(() => api.get('/wishlists/:id/invitations', { params: { id: wishlistId } }), [wishlistId]);

  useEffect(() => {
    loadInvitations().then(setInvitations, () => setInvitations([]));
  }, [loadInvitations]);

  const show = (changed: WishlistEditor[]) => {
    setEditors(changed);
    onChanged(changed);
  };

  const add = async () => {
    const address = email.trim();
    if (!address) return;
    setUnsent(null);
    await run(async () => {
      const body: AddEditorInput = { email: address };
      const answer = await api.post('/wishlists/:id/editors', { params: { id: wishlistId }, body });
      show(answer.editors);
      setInvitations(await loadInvitations());
      setEmail('');
      if (answer.link) setUnsent({ email: address, link: answer.link });
      else notify(t('editors.invited', { email: address }), 'success');
    }, { failure: t('editors.addFailed') });
  };

  const withdraw = (invitation: EditorInvitation) =>
    run(async () => setInvitations(await api.delete('/wishlists/:id/invitations/:invitationId', { params: { id: wishlistId, invitationId: invitation._id } })), {
      success: t('editors.withdrawn'),
      failure: t('editors.withdrawFailed'),
    });

  const remove = (editor: WishlistEditor) =>
    run(async () => show(await api.delete('/wishlists/:id/editors/:editorId', { params: { id: wishlistId, editorId: editor._id } })), {
      success: t('editors.removed'),
      failure: t('editors.removeFailed'),
    });

  return (
    <section className="ww-editors" aria-labelledby="manage-editors">
      <h4 id="manage-editors">{t('editors.title')}</h4>
      {editors.length === 0 && invitations.length === 0 ? (
        <p className="ww-muted">{t('editors.none')}</p>
      ) : (
        <ul className="ww-editor-list">
          {editors.map((editor) => (
            <li key={editor._id}>
              <span>
                {editor.name} <span className="ww-muted">({editor.email})</span>
              </span>
              <Button variant="minimal" size="small" icon="trash" aria-label={t('editors.remove', { email: editor.email })} onClick={() => void remove(editor)} />
            </li>
          ))}
          {invitations.map((invitation) => (
            <li key={invitation._id}>
              <span>
                {invitation.email} <span className="ww-muted">{t('editors.pending')}</span>
              </span>
              <Button variant="minimal" size="small" icon="cross" aria-label={t('editors.withdraw', { email: invitation.email })} onClick={() => void withdraw(invitation)} />
            </li>
          ))}
        </ul>
      )}
      {/* A div, not a form: this sits inside the list form and must not submit it. */}
      <div className="ww-editor-add">
        <InputGroup
          type="email"
          placeholder={t('editors.emailLabel')}
          aria-label={t('editors.emailLabel')}
          value={email}
          onValueChange={setEmail}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void add();
          }}
        />
        <Button text={t('editors.add')} onClick={() => void add()} loading={busy} />
      </div>
      {unsent && <InvitationLinkNote {...unsent} />}
      <p className="ww-muted ww-editor-hint">{t(canSendMail === false ? 'editors.hintNoMail' : 'editors.hint')}</p>
    </section>
  );
}
