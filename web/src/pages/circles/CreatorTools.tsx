import { useState, type FormEvent } from 'react';
import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import type { Circle } from '@wishwell/shared/circle-types';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { copyToClipboard } from '../../ui/clipboard';
import { useAsyncAction } from '../../ui/use-async-action';

/**
 * The creator's: the circle's name, the invite link and an invitation by e-mail. The server keeps
 * only the link's hash, so the link shows only right after it was made (`inviteLink`, kept by the
 * page); later the creator makes a new one or invites by e-mail, which mails a link of its own.
 */
export function CreatorTools({ circle, inviteLink, onChanged }: { circle: Circle; inviteLink: string | null; onChanged: (circle: Circle) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState(circle.name);
  const { busy, run } = useAsyncAction();
  const params = { id: circle._id };
  const renew = () => void run(async () => onChanged(await api.post('/circles/:id/invite-link', { params })), { failure: t('circles.changeFailed'), success: inviteLink ? t('circles.linkRenewed') : undefined });
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onChanged(await api.put('/circles/:id', { params, body: { name } })), { failure: t('circles.changeFailed'), success: t('circles.renamed') });
  };
  const invite = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const sent = await api.post('/circles/:id/invites', { params, body: { email } });
      setEmail('');
      notify(sent.link ? t('circles.passLinkOn', { link: sent.link }) : t('circles.inviteSent'), 'success');
    }, { failure: t('circles.inviteFailed') });
  };
  return (
    <Card className="ww-circle-tools">
      <form onSubmit={rename}>
        <FormGroup label={t('circles.name')} labelFor="circle-name">
          <div className="ww-circle-link">
            <InputGroup id="circle-name" required maxLength={TEXT_LIMITS.circleName} value={name} onValueChange={setName} />
            <Button type="submit" icon="edit" text={t('circles.rename')} disabled={busy || !name.trim() || name.trim() === circle.name} />
          </div>
        </FormGroup>
      </form>
      <h2>{t('circles.invite')}</h2>
      {inviteLink ? (
        <>
          <div className="ww-circle-link">
            <InputGroup readOnly value={inviteLink} aria-label={t('circles.inviteLink')} onFocus={(event) => event.currentTarget.select()} />
            <Button icon="duplicate" text={t('circles.copy')} onClick={() => void copyToClipboard(inviteLink, t('circles.copied'), t('circles.copyFailed'))} />
            <Button icon="refresh" text={t('circles.renew')} onClick={renew} />
          </div>
          <p className="ww-circle-hint">{t('circles.linkOnce')}</p>
        </>
      ) : (
        <div className="ww-circle-link">
          <p className="ww-circle-hint">{t('circles.linkHidden')}</p>
          <Button icon="link" text={t('circles.makeLink')} onClick={renew} />
        </div>
      )}
      <form className="ww-circle-link" onSubmit={invite}>
        <InputGroup type="email" required placeholder={t('circles.emailPlaceholder')} aria-label={t('circles.inviteEmail')} value={email} onValueChange={setEmail} />
        <Button type="submit" icon="envelope" text={t('circles.sendInvite')} loading={busy} />
      </form>
    </Card>
  );
}
