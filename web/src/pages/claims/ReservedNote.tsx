import { Icon } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';

/**
 * 'You reserved this — change or undo' on an item this browser reserved; for a pledge, what was
 * pledged ('You pledged £120 — change or undo'), or 'You pledged towards this' while the amount is unknown.
 */
export function ReservedNote({ pledge, pledged, onManage }: { pledge: boolean; pledged?: string; onManage: () => void }) {
  const { t } = useTranslation();
  const said = !pledge ? t('share.reserved') : pledged ? t('share.pledgedAmount', { amount: pledged }) : t('share.pledged');
  return (
    <p className="ww-reserved-note">
      <Icon icon="tick-circle" intent="success" />
      {said}
      <button type="button" className="ww-link-button" onClick={onManage}>
        {t('share.changeOrUndo')}
      </button>
    </p>
  );
}
