import { MenuItem } from '@blueprintjs/core';
import { useCanSendMail } from '../../api/server-features';
import { copyShareLink, shareOnWhatsApp } from './share-links';

/**
 * Copy Link, Share on WhatsApp, Share via Email: shared by the dashboard card menu and the list
 * page's Share button. Without onShareByEmail (guest owners: sending mail needs an account) there is
 * no e-mail entry; on a server that cannot send mail the entry says so before anyone types.
 */
export function ShareMenuItems({ wishlist, onShareByEmail }: { wishlist: { _id: string; name: string }; onShareByEmail?: () => void }) {
  const canSendMail = useCanSendMail();
  return (
    <>
      <MenuItem icon="link" text="Copy Link" onClick={() => void copyShareLink(wishlist._id)} />
      <MenuItem icon="share" text="Share on WhatsApp" onClick={() => shareOnWhatsApp(wishlist.name, wishlist._id)} />
      {onShareByEmail &&
        (canSendMail === false ? (
          <MenuItem
            icon="envelope"
            disabled
            multiline
            text={
              <>
                Share via Email
                <span className="ww-menu-note">This server cannot send e-mail. Use Copy Link and send the link yourself.</span>
              </>
            }
          />
        ) : (
          <MenuItem icon="envelope" text="Share via Email" onClick={onShareByEmail} />
        ))}
    </>
  );
}
