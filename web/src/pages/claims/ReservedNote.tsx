import { Icon } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';

/** 'You reserved this — change or undo' on an item this browser reserved ('You pledged towards this' for a pledge). */
export function ReservedNote({ pledge, onManage }: { pledge: boolean; onManage: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="ww-reserved-note">
      <Icon icon="tick-circle" intent="success" />
      {t(pledge ? 'share.pledged' : 'share.reserved')}
      <button type="button" className="ww-link-button" onClick={onManage}>
        {t('share.changeOrUndo')}
      </button>
    </p>
  );
}
