import { Button, Card, Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../app/routing';
import { ownerPath, type WishlistSummary } from '@wishwell/shared/wishlist-types';
import { useEventLabel } from '../../ui/dates';
import { wishlistDisplayStatus } from '@wishwell/shared/wishlist-status';
import { ShareMenuItems } from './ShareMenuItems';
import { ExportMenuItems } from './transfer/ExportMenuItems';
import { SurpriseNote } from './SurpriseNote';
import '../../ui/list-theme.css';

export interface WishlistCardActions {
  onShareByEmail: (wishlist: WishlistSummary) => void;
  onEdit: (wishlist: WishlistSummary) => void;
  onDelete: (wishlist: WishlistSummary) => void;
}

/** 'Disabled by an admin' or 'Expired' where guests can no longer open the list; nothing for a live one. */
function HiddenFromGuests({ wishlist }: { wishlist: WishlistSummary }) {
  const { t } = useTranslation();
  const status = wishlistDisplayStatus({ ...wishlist, isDeleted: false });
  if (status === 'Active' || status === 'Deleted') return null;
  return (
    <Tag minimal round intent={status === 'Disabled' ? 'danger' : 'warning'} icon={status === 'Disabled' ? 'disable' : 'time'} className="ww-list-card-status">
      {t(status === 'Disabled' ? 'dashboard.disabled' : 'dashboard.expired')}
    </Tag>
  );
}

/** A dashboard card: cover, name, counts, 'Shared by {owner}' for lists the user edits, and the list menu. */
export function WishlistCard({ wishlist, actions }: { wishlist: WishlistSummary; actions: WishlistCardActions }) {
  const { t } = useTranslation();
  const event = useEventLabel(wishlist);
  return (
    <Card className={`ww-list-card ww-colors-${wishlist.colorSet}`}>
      <Link to={ownerPath(wishlist._id)} className="ww-list-card-link">
        <img className="ww-list-card-cover" src={wishlist.coverImage} alt="" loading="lazy" />
        <div className="ww-list-card-body">
          <h3 className="ww-list-card-title">{wishlist.name}</h3>
          <p className="ww-muted">
            {t(`themes.${wishlist.theme}`)} · {t('dashboard.items', { count: wishlist.itemCount })}
            {event && ` · ${event}`}
          </p>
          <HiddenFromGuests wishlist={wishlist} />
          {wishlist.role === 'editor' && wishlist.user && <Tag minimal round>{t('dashboard.sharedBy', { name: wishlist.user.name })}</Tag>}
          {wishlist.surprise && <SurpriseNote surprise={wishlist.surprise} />}
        </div>
      </Link>
      <Popover
        placement="bottom-end"
        content={
          <Menu>
            <ShareMenuItems wishlist={wishlist} onShareByEmail={() => actions.onShareByEmail(wishlist)} />
            <MenuDivider />
            <MenuItem icon="edit" text={t('common.edit')} onClick={() => actions.onEdit(wishlist)} />
            <ExportMenuItems wishlistId={wishlist._id} />
            {wishlist.role === 'owner' && <MenuItem icon="trash" intent="danger" text={t('common.delete')} onClick={() => actions.onDelete(wishlist)} />}
          </Menu>
        }
      >
        <Button className="ww-list-card-menu" variant="minimal" icon="more" aria-label={t('dashboard.actionsFor', { name: wishlist.name })} />
      </Popover>
    </Card>
  );
}
