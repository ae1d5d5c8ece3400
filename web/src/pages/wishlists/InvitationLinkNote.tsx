import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { copyToClipboard } from '../../ui/clipboard';

/** On a server that cannot send mail: no invitation went out, so the owner copies its link and sends it herself. */
export function InvitationLinkNote({ email, link }: { email: string; link: string }) {
  const { t } = useTranslation();
  return (
    <Callout intent="warning" icon="envelope" className="ww-invitation-link" title={t('editors.notMailed', { email })}>
      <p>{t('editors.sendLinkYourself')}</p>
      <div className="ww-editor-add">
        <InputGroup readOnly value={link} aria-label={t('editors.invitationLink')} onFocus={(e) => e.currentTarget.select()} />
        <Button icon="duplicate" text={t('editors.copyLink')} onClick={() => void copyToClipboard(link, t('shareMenu.copied'), t('common.error'))} />
      </div>
    </Callout>
  );
}
