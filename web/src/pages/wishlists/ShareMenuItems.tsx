import { MenuItem } from '@blueprintjs/core';
import { copyShareLink, shareOnWhatsApp } from './share-links';

/** Copy Link, Share on WhatsApp, Share via Email: shared by the dashboard card menu and the list page's Share button. */
/** Without onShareByEmail (guest owners: sending mail needs an account) there is no e-mail entry. */
export function ShareMenuItems({ wishlist, onShareByEmail }: { wishlist: { _id: string; name: string }; onShareByEmail?: () => void }) {
  return (
    <>
      <MenuItem icon="link" text="Copy Link" onClick={() => void copyShareLink(wishlist._id)} />
      <MenuItem icon="share" text="Share on WhatsApp" onClick={() => shareOnWhatsApp(wishlist.name, wishlist._id)} />
      {onShareByEmail && <MenuItem icon="envelope" text="Share via Email" onClick={onShareByEmail} />}
    </>
  );
}
