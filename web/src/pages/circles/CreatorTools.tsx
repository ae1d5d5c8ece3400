import { useState, type FormEvent } from 'react';
import { Button, Card, InputGroup } from '@blueprintjs/core';
import type { Circle } from '@wishwell/shared/circle-types';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { copyToClipboard } from '../../ui/clipboard';
import { useAsyncAction } from '../../ui/use-async-action';

/** The creator's: the invite link (copy, renew) and an invitation by e-mail. */
export function CreatorTools({ circle, onChanged }: { circle: Circle; onChanged: (circle: Circle) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const { busy, run } = useAsyncAction();
  const link = circle.inviteLink ?? '';
  const renew = () => void run(async () => onChanged(await api.post('/circles/:id/invite-link', { params: { id: circle._id } })), { failure: t('circles.changeFailed'), success: t('circles.linkRenewed') });
  const invite = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const sent = await api.post('/circles/:id/invites', { params: { id: circle._id }, body: { email } });
      setEmail('');
      notify(sent.link ? t('circles.passLinkOn', { link: sent.link }) : t('circles.inviteSent'), 'success');
    }, { failure: t('circles.inviteFailed') });
  };
  return (
    <Card className="ww-circle-tools">
      <h2>{t('circles.invite')}</h2>
      <div className="ww-circle-link">
        <InputGroup readOnly value={link} aria-label={t('circles.inviteLink')} onFocus={(event) => event.currentTarget.select()} />
        <Button icon="duplicate" text={t('circles.copy')} onClick={() => void copyToClipboard(link, t('circles.copied'), t('circles.copyFailed'))} />
        <Button icon="refresh" text={t('circles.renew')} onClick={renew} />
      </div>
      <form className="ww-circle-link" onSubmit={invite}>
        <InputGroup type="email" required placeholder={t('circles.emailPlaceholder')} aria-label={t('circles.emailPlaceholder')} value={email} onValueChange={setEmail} />
        <Button type="submit" icon="envelope" text={t('circles.sendInvite')} loading={busy} />
      </form>
    </Card>
  );
}
