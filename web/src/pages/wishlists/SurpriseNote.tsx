import { Icon } from '@blueprintjs/core';
import type { SurpriseNotice } from '@wishwell/shared/wishlist-types';
import { formatDay, localDay } from '../../ui/dates';

/** 'n gifts reserved — revealed on {date}': all an owner learns about purchases during surprise mode. */
export function SurpriseNote({ surprise }: { surprise: SurpriseNotice }) {
  const gifts = surprise.reservedCount === 1 ? '1 gift' : `${surprise.reservedCount} gifts`;
  return (
    <p className="ww-surprise-note">
      <Icon icon="eye-off" />
      <span>{`${gifts} reserved — revealed on ${formatDay(localDay(surprise.revealOn))}`}</span>
    </p>
  );
}
