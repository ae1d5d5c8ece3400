import { Icon } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { SurpriseNotice } from '@wishwell/shared/wishlist-types';
import { useDayFormat } from '../../ui/dates';

/** 'n gifts reserved — revealed on {date}': all an owner learns about purchases during surprise mode. */
export function SurpriseNote({ surprise }: { surprise: SurpriseNotice }) {
  const { t } = useTranslation();
  const dayOf = useDayFormat();
  return (
    <p className="ww-surprise-note">
      <Icon icon="eye-off" />
      <span>{t('list.surprise', { count: surprise.reservedCount, day: dayOf(surprise.revealOn) })}</span>
    </p>
  );
}
