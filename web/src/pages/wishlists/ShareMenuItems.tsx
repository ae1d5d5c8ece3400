import { MenuItem } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { useCanSendMail } from '../../api/server-features';
import { copyShareLink, shareOnWhatsApp } from './share-links';

/**
 * Copy Link, Share on WhatsApp, Share via Email: shared by the dashboard card menu and the list
 * page's Share button. Without onShareByEmail (guest owners: sending mail needs an account) there is
 * no e-mail entry; on a server that cannot send mail the entry says so before anyone types.
 */
export function ShareMenuItems({ wishlist, onShareByEmail }: { wishlist: { _id: string; name: string }; onShareByEmail?: () => void }) {
  const { t } = useTranslation();
  const canSendMail = useCanSendMail();
  return (
    <>
      <MenuItem icon="link" text={t('shareMenu.copyLink')} onClick={() => void copyShareLink(wishlist._id, t('shareMenu.copied'), t('common.error'))} />
      <MenuItem icon="share" text={t('shareMenu.whatsApp')} onClick={() => shareOnWhatsApp(wishlist.name, wishlist._id)} />
      {onShareByEmail &&
        (canSendMail === false ? (
          <MenuItem
            icon="envelope"
            disabled
            multiline
            text={
              <>
                {t('shareMenu.email')}
                <span className="ww-menu-note">{t('shareMenu.noMail')}</span>
              </>
            }
          />
        ) : (
          <MenuItem icon="envelope" text={t('shareMenu.email')} onClick={onShareByEmail} />
        ))}
    </>
  );
}
